import CollectionKit
import Foundation

/// A cell or supplementary view that says itself what a text snapshot shows for it, instead of its type.
///
/// The conformance can live in a test target.
@MainActor
public protocol CollectionSnapshotDescribable {
  /// One line saying what the view shows; it must not change between runs (no addresses, no dates).
  var textSnapshotDescription: String { get }
}

extension CollectionView {
  /// The collection view's visible state as stable, readable text: each displayed view at its frame.
  ///
  /// The first line gives the bounds and the content size; then, in layout order, each visible
  /// supplementary view and cell with its frame (x, y, width, height), what it shows (its own
  /// ``CollectionSnapshotDescribable`` description, else its content configuration's summary, else its type) and
  /// its states:
  ///
  /// ```
  /// CollectionView 320 × 480 at 0, 0; content 320 × 110
  /// header 0 (0, 0, 320, 20) TitleHeader
  /// 0.0 (0, 20, 50, 50) "Nina Simone" · selected
  /// ```
  public func textSnapshot() -> String {
    let content = contentSize
    var lines = [
      "CollectionView \(Self.points(bounds.width)) × \(Self.points(bounds.height)) at \(Self.points(bounds.minX)), "
        + "\(Self.points(bounds.minY)); content \(Self.points(content.width)) × \(Self.points(content.height))"
    ]
    let elements = collectionViewLayout.layoutAttributesForElements(in: bounds) ?? []
    for element in elements {
      let indexPath = element.indexPath
      if let kind = element.representedElementKind {
        guard let view = supplementaryView(forElementKind: kind, at: indexPath) else { continue }
        let name =
          kind == Self.elementKindSectionHeader ? "header" : kind == Self.elementKindSectionFooter ? "footer" : kind
        lines.append("\(name) \(indexPath.section) \(Self.frame(view.frame)) \(Self.describe(view))")
      } else if let cell = cellForItem(at: indexPath) {
        var parts = ["\(indexPath.section).\(indexPath.item) \(Self.frame(cell.frame)) \(Self.describe(cell))"]
        if cell.isSelected { parts.append("selected") }
        if cell.isHighlighted { parts.append("highlighted") }
        lines.append(parts.joined(separator: " · "))
      }
    }
    return lines.joined(separator: "\n")
  }

  private static func describe(_ view: CollectionReusableView) -> String {
    if let described = view as? any CollectionSnapshotDescribable { return described.textSnapshotDescription }
    if let content = (view as? CollectionViewCell)?.contentConfiguration { return content.summary }
    return String(describing: type(of: view))
  }

  private static func frame(_ frame: CGRect) -> String {
    "(\(points(frame.minX)), \(points(frame.minY)), \(points(frame.width)), \(points(frame.height)))"
  }

  /// Whole points without a fraction, others as Swift prints them.
  private static func points(_ value: CGFloat) -> String {
    value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
  }
}
