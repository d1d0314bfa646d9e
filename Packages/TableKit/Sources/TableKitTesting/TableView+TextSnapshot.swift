import Foundation
import TableKit

extension TableView {
  /// The table's visible state as stable, readable text, for tests and text snapshots.
  ///
  /// The first line gives the viewport and whether the table is editing; then each section the viewport
  /// shows, with its header title, the rows out of sight above and below, each visible row and its footer
  /// title:
  ///
  /// ```
  /// TableView 320 × 440, offset 0 of 1000, editing
  /// Section 0 "Artists"
  ///   0.0 "Nina Simone" — "2.1M listeners" [image: https://img.example/nina.jpg] · selected · delete control
  ///   0.1 LabelCell · highlighted
  ///   … rows 2–19 below
  /// Section 0 footer "20 artists"
  /// ```
  ///
  /// A row is described by its cell: a ``TextSnapshotDescribable`` cell's own description, else its content
  /// configuration's ``TableKit/ContentConfiguration/summary``, else its type. Its states follow: selected,
  /// highlighted, and in editing mode its editing control and reorder control.
  public func textSnapshot() -> String {
    let viewport = contentOffset.y..<(contentOffset.y + frame.height)
    var lines = [
      "TableView \(Self.points(frame.width)) × \(Self.points(frame.height)), offset \(Self.points(contentOffset.y)) "
        + "of \(Self.points(contentSize.height))" + (isEditing ? ", editing" : "")
    ]
    let visible = indexPathsForVisibleRows ?? []
    for section in 0..<numberOfSections {
      let rows = visible.filter { $0.section == section }
      let sectionRect = rect(forSection: section)
      guard !rows.isEmpty || (sectionRect.minY < viewport.upperBound && sectionRect.maxY > viewport.lowerBound)
      else { continue }
      lines.append("Section \(section)" + (headerTitle(forSection: section).map { " \"\($0)\"" } ?? ""))
      let count = numberOfRows(inSection: section)
      if let first = rows.first?.row, first > 0 { lines.append("  … \(Self.rows(0, first - 1)) above") }
      for indexPath in rows { lines.append("  " + describeRow(at: indexPath)) }
      if let last = rows.last?.row, last < count - 1 { lines.append("  … \(Self.rows(last + 1, count - 1)) below") }
      if rows.isEmpty, count > 0 { lines.append("  … \(Self.rows(0, count - 1)) out of sight") }
      if let footer = footerTitle(forSection: section) { lines.append("Section \(section) footer \"\(footer)\"") }
    }
    return lines.joined(separator: "\n")
  }

  private func describeRow(at indexPath: IndexPath) -> String {
    var parts = ["\(indexPath.section).\(indexPath.row) " + describeCell(cellForRow(at: indexPath))]
    if indexPathsForSelectedRows?.contains(indexPath) == true { parts.append("selected") }
    if cellForRow(at: indexPath)?.isHighlighted == true { parts.append("highlighted") }
    if isEditing {
      switch editingStyle(forRowAt: indexPath) {
      case .delete: parts.append("delete control")
      case .insert: parts.append("insert control")
      case .none: break
      }
      if canMoveRow(at: indexPath) { parts.append("reorder control") }
    }
    return parts.joined(separator: " · ")
  }

  private func describeCell(_ cell: TableViewCell?) -> String {
    guard let cell else { return "(no cell)" }
    if let describable = cell as? any TextSnapshotDescribable { return describable.textSnapshotDescription }
    if let content = cell.contentConfiguration { return content.summary }
    return String(describing: type(of: cell))
  }

  private static func rows(_ first: Int, _ last: Int) -> String {
    first == last ? "row \(first)" : "rows \(first)–\(last)"
  }

  /// Whole points without a fraction, others as Swift prints them.
  private static func points(_ value: CGFloat) -> String {
    value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
  }
}
