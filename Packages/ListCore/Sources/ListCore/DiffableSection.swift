import Foundation

/// One section of a snapshot to diff: an identifier and its items, in display order.
///
/// Items are identified by their `id` (kept across snapshots) and compared by value (a kept item whose
/// value changed is updated in place).
public struct DiffableSection<SectionID: Hashable, Item: Identifiable & Equatable>: Identifiable, Equatable {
  /// The section's identity across snapshots.
  public var id: SectionID
  /// The section's items, in display order.
  public var items: [Item]

  /// Creates a section.
  public init(id: SectionID, items: [Item]) {
    self.id = id
    self.items = items
  }
}
