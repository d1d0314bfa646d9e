import CollectionKit
import Foundation

/// A collection view of `counts` items per section, `width` × `height` points, laid out by a compositional layout.
@MainActor
func makeCompositional(
  width: CGFloat = 320, height: CGFloat = 480, counts: [Int], layout: CollectionViewCompositionalLayout
) -> (CollectionView, CollectionViewCompositionalLayout, CountsDataSource) {
  let view = CollectionView(frame: CGRect(x: 0, y: 0, width: width, height: height), collectionViewLayout: layout)
  let dataSource = keep(CountsDataSource(counts))
  view.register(LabelCell.self, forCellWithReuseIdentifier: "label")
  view.dataSource = dataSource
  return (view, layout, dataSource)
}

/// A size from its two dimensions.
func size(_ width: CollectionLayoutDimension, _ height: CollectionLayoutDimension) -> CollectionLayoutSize {
  CollectionLayoutSize(widthDimension: width, heightDimension: height)
}

/// An item of a size.
func item(_ width: CollectionLayoutDimension, _ height: CollectionLayoutDimension) -> CollectionLayoutItem {
  CollectionLayoutItem(layoutSize: size(width, height))
}

/// Edge insets from their four numbers: top, leading, bottom, trailing.
func insets(_ top: CGFloat, _ leading: CGFloat, _ bottom: CGFloat, _ trailing: CGFloat) -> DirectionalEdgeInsets {
  DirectionalEdgeInsets(top: top, leading: leading, bottom: bottom, trailing: trailing)
}

/// The kinds and frames of the supplementary views a layout places in a rectangle, as "kind section" strings.
@MainActor
func supplementaryFrames(_ layout: CollectionViewLayout, in rect: CGRect) -> [String: CGRect] {
  var frames: [String: CGRect] = [:]
  for element in layout.layoutAttributesForElements(in: rect) ?? [] {
    guard let kind = element.representedElementKind else { continue }
    let name =
      kind == CollectionView.elementKindSectionHeader
      ? "header" : kind == CollectionView.elementKindSectionFooter ? "footer" : kind
    frames["\(name) \(element.indexPath[0])"] = element.frame
  }
  return frames
}
