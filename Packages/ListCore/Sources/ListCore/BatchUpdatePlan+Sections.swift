import Foundation

extension BatchUpdatePlan {
  /// Where a section from before the update is after it; nil when it was deleted (or does not exist).
  public func newSection(for old: Int) -> Int? {
    newSectionForOld.indices.contains(old) ? newSectionForOld[old] : nil
  }

  /// Whether a section from before the update was reloaded: its views are asked for again.
  public func isSectionReloaded(_ old: Int) -> Bool {
    reloadedSections.contains(old)
  }
}
