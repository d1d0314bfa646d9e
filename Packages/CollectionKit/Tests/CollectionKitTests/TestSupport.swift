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

  init(_ counts: [Int]) {
    self.counts = counts
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    counts[section]
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
    CollectionViewCell(frame: .zero)
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
