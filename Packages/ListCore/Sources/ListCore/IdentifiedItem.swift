/// An item identifier in the form ``Changeset/difference(from:to:)-([DiffableSection<SectionID,Item>],_)`` takes: identified by itself, so equal
/// identifiers are the same unchanged item (items whose content changed are marked for reload instead).
public struct IdentifiedItem<ID: Hashable>: Identifiable, Equatable {
  /// The item identifier, which is also the item.
  public let id: ID

  /// Wraps an item identifier.
  @inlinable
  public init(_ id: ID) {
    self.id = id
  }

  /// Whether both wrap the same identifier.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.id == rhs.id
  }
}
