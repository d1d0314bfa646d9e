import Foundation
import ListCore

extension CollectionView {
  /// The shown supplementary views sorted out by a batch update: those of kept sections under their new index
  /// paths, and those of deleted and reloaded sections (with their old places), in index path order.
  func supplementaryViewsFollowingSections(_ plan: BatchUpdatePlan) -> (
    kept: [SupplementaryKey: CollectionReusableView], removed: [(SupplementaryKey, CollectionReusableView)]
  ) {
    var kept: [SupplementaryKey: CollectionReusableView] = [:]
    var removed: [(SupplementaryKey, CollectionReusableView)] = []
    for (key, view) in displayedSupplementaryViews.sorted(by: { $0.key.indexPath < $1.key.indexPath }) {
      let section = key.indexPath.section
      if !plan.isSectionReloaded(section), let newSection = plan.newSection(for: section) {
        let indexPath = IndexPath(item: key.indexPath.item, section: newSection)
        kept[SupplementaryKey(kind: key.kind, indexPath: indexPath)] = view
      } else {
        removed.append((key, view))
      }
    }
    return (kept, removed)
  }
}
