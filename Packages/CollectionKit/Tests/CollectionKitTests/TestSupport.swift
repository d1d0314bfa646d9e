import CollectionKit
import Foundation

/// An item's index path, built without the internal `IndexPath(item:section:)`.
func at(_ item: Int, _ section: Int = 0) -> IndexPath {
  IndexPath(indexes: [section, item])
}

/// Objects a collection view holds weakly (data sources, delegates), kept for the whole test run so that a test
/// does not depend on how long Swift keeps its locals.
@MainActor private var keptObjects: [AnyObject] = []

/// Keeps an object alive for the whole test run and returns it.
@MainActor
@discardableResult
func keep<Object: AnyObject>(_ object: Object) -> Object {
  keptObjects.append(object)
  return object
}

/// A data source of item counts, one per section.
@MainActor
final class CountsDataSource: CollectionViewDataSource {
  var counts: [Int]
  /// Answers cells instead of the default (a ``LabelCell`` showing "section.item").
  var answer: ((CollectionView, IndexPath) -> CollectionViewCell)?
  private(set) var cellRequests: [IndexPath] = []

  init(_ counts: [Int]) {
    self.counts = counts
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    counts[section]
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
    cellRequests.append(indexPath)
    if let answer { return answer(collectionView, indexPath) }
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "label", for: indexPath)
    (cell as? LabelCell)?.text = "\(indexPath[0]).\(indexPath[1])"
    return cell
  }
}

/// A flow-layout delegate whose answers are closures; nil closures fall back to the layout's properties.
@MainActor
final class SizingDelegate: CollectionViewDelegateFlowLayout {
  var size: ((IndexPath) -> CGSize)?
  var inset: ((Int) -> EdgeInsets)?
  var lineSpacing: ((Int) -> CGFloat)?
  var interitemSpacing: ((Int) -> CGFloat)?
  private(set) var sizeQuestions = 0

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize {
    sizeQuestions += 1
    return size?(indexPath) ?? (collectionViewLayout as? CollectionViewFlowLayout)?.itemSize ?? .zero
  }

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    insetForSectionAt section: Int
  ) -> EdgeInsets {
    inset?(section) ?? (collectionViewLayout as? CollectionViewFlowLayout)?.sectionInset ?? .zero
  }

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> CGFloat {
    lineSpacing?(section) ?? (collectionViewLayout as? CollectionViewFlowLayout)?.minimumLineSpacing ?? 0
  }

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> CGFloat {
    interitemSpacing?(section) ?? (collectionViewLayout as? CollectionViewFlowLayout)?.minimumInteritemSpacing ?? 0
  }
}

/// A delegate that gives section insets only: its items keep the layout's size.
@MainActor
final class InsetOnlyDelegate: CollectionViewDelegateFlowLayout {
  var inset: (Int) -> EdgeInsets = { _ in .zero }
  var interitemSpacing: (Int) -> CGFloat = { _ in 10 }
  var lineSpacing: (Int) -> CGFloat = { _ in 10 }

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    insetForSectionAt section: Int
  ) -> EdgeInsets { inset(section) }

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> CGFloat { interitemSpacing(section) }

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> CGFloat { lineSpacing(section) }
}

/// A collection view of `counts` items per section, `width` × `height` points, laid out by a flow layout.
@MainActor
func makeFlow(
  width: CGFloat = 320, height: CGFloat = 480, counts: [Int], configure: (CollectionViewFlowLayout) -> Void = { _ in }
) -> (CollectionView, CollectionViewFlowLayout, CountsDataSource) {
  let layout = CollectionViewFlowLayout()
  configure(layout)
  let view = CollectionView(frame: CGRect(x: 0, y: 0, width: width, height: height), collectionViewLayout: layout)
  let dataSource = keep(CountsDataSource(counts))
  view.register(LabelCell.self, forCellWithReuseIdentifier: "label")
  view.dataSource = dataSource
  return (view, layout, dataSource)
}

/// Every item's frame in a section, in item order.
@MainActor
func itemFrames(_ view: CollectionView, section: Int = 0) -> [CGRect] {
  (0..<view.numberOfItems(inSection: section)).map { view.layoutAttributesForItem(at: at($0, section))?.frame ?? .null }
}

/// A frame from its four numbers.
func rect(_ x: CGFloat, _ y: CGFloat, _ width: CGFloat, _ height: CGFloat) -> CGRect {
  CGRect(x: x, y: y, width: width, height: height)
}

/// A cell that shows one line of text and counts its reuses.
final class LabelCell: CollectionViewCell {
  var text = ""
  private(set) var timesPrepared = 0

  override func prepareForReuse() {
    super.prepareForReuse()
    text = ""
    timesPrepared += 1
  }
}

/// A delegate that records every call, in order, as "name section.item".
@MainActor
final class SpyDelegate: CollectionViewDelegate {
  private(set) var calls: [String] = []
  var shouldHighlight: (IndexPath) -> Bool = { _ in true }
  var shouldSelect: (IndexPath) -> Bool = { _ in true }
  var shouldDeselect: (IndexPath) -> Bool = { _ in true }
  /// Whether the cell was highlighted when didHighlight was called.
  private(set) var highlightedCellsSeen: [Bool] = []

  func clear() { calls = [] }

  /// The calls of the selection process only (no display calls).
  var interactionCalls: [String] { calls.filter { !$0.contains("isplay") } }

  private func record(_ name: String, _ indexPath: IndexPath) {
    calls.append("\(name) \(indexPath[0]).\(indexPath[1])")
  }

  func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
    record("shouldHighlight", indexPath)
    return shouldHighlight(indexPath)
  }
  func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {
    record("didHighlight", indexPath)
    highlightedCellsSeen.append(collectionView.cellForItem(at: indexPath)?.isHighlighted == true)
  }
  func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {
    record("didUnhighlight", indexPath)
  }
  func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
    record("shouldSelect", indexPath)
    return shouldSelect(indexPath)
  }
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    record("didSelect", indexPath)
  }
  func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
    record("shouldDeselect", indexPath)
    return shouldDeselect(indexPath)
  }
  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
    record("didDeselect", indexPath)
  }
  func collectionView(
    _ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath
  ) {
    record("willDisplay", indexPath)
  }
  func collectionView(
    _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath
  ) {
    record("didEndDisplaying", indexPath)
  }
  func collectionView(
    _ collectionView: CollectionView, willDisplaySupplementaryView view: CollectionReusableView,
    forElementKind elementKind: String, at indexPath: IndexPath
  ) {
    calls.append("willDisplay \(elementKind.hasSuffix("Header") ? "header" : "footer") \(indexPath[0])")
  }
  func collectionView(
    _ collectionView: CollectionView, didEndDisplayingSupplementaryView view: CollectionReusableView,
    forElementOfKind elementKind: String, at indexPath: IndexPath
  ) {
    calls.append("didEndDisplaying \(elementKind.hasSuffix("Header") ? "header" : "footer") \(indexPath[0])")
  }
}
