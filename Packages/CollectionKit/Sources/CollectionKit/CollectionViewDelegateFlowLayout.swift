import Foundation
import ListCore

/// A collection view delegate that gives a ``CollectionViewFlowLayout`` per-item sizes and per-section
/// insets, spacings and header and footer sizes, as `UICollectionViewDelegateFlowLayout`.
///
/// Every method is optional: its default answers with the layout's own property, as UIKit does for a
/// delegate that does not implement it.
@MainActor
public protocol CollectionViewDelegateFlowLayout: CollectionViewDelegate {
  /// The size of an item.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize
  /// The margins around a section's items.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    insetForSectionAt section: Int
  ) -> EdgeInsets
  /// The least distance between a section's lines.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> CGFloat
  /// The least distance between the items of a section's line.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> CGFloat
  /// The size of a section's header (its extent along the scroll axis counts); zero for none.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> CGSize
  /// The size of a section's footer (its extent along the scroll axis counts); zero for none.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    referenceSizeForFooterInSection section: Int
  ) -> CGSize
}

extension CollectionViewDelegateFlowLayout {
  /// The layout's ``CollectionViewFlowLayout/itemSize``.
  ///
  /// This default tells the layout that it answered: a delegate that does not implement the method is asked
  /// once per invalidation, not once per item, and its grid stays arithmetic.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize {
    guard let flow = collectionViewLayout as? CollectionViewFlowLayout else { return .zero }
    flow.defaultItemSizeAnswered = true
    return flow.itemSize
  }

  /// The layout's ``CollectionViewFlowLayout/sectionInset``.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    insetForSectionAt section: Int
  ) -> EdgeInsets {
    (collectionViewLayout as? CollectionViewFlowLayout)?.sectionInset ?? .zero
  }

  /// The layout's ``CollectionViewFlowLayout/minimumLineSpacing``.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> CGFloat {
    (collectionViewLayout as? CollectionViewFlowLayout)?.minimumLineSpacing ?? 0
  }

  /// The layout's ``CollectionViewFlowLayout/minimumInteritemSpacing``.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> CGFloat {
    (collectionViewLayout as? CollectionViewFlowLayout)?.minimumInteritemSpacing ?? 0
  }

  /// The layout's ``CollectionViewFlowLayout/headerReferenceSize``.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> CGSize {
    (collectionViewLayout as? CollectionViewFlowLayout)?.headerReferenceSize ?? .zero
  }

  /// The layout's ``CollectionViewFlowLayout/footerReferenceSize``.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    referenceSizeForFooterInSection section: Int
  ) -> CGSize {
    (collectionViewLayout as? CollectionViewFlowLayout)?.footerReferenceSize ?? .zero
  }
}
