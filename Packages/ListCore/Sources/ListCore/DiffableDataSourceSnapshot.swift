import Foundation

/// The state of a diffable data source's data, as `NSDiffableDataSourceSnapshot` is: sections and their items in
/// order, each named by an identifier that is unique in the snapshot.
///
/// Build one (or change the one a data source shows) with UIKit's methods, then hand it to a diffable data
/// source (TableKit's `TableViewDiffableDataSource`, CollectionKit's), which diffs it against the one shown. Its
/// queries are O(1) amortised: while it has only been appended to, places are kept in a hash table of places (no
/// copy of any item); after any other change, in an index that appends update as they go and that other changes
/// mark stale from the first row they touch, to be corrected by the next query that needs them.
///
/// Where UIKit raises an exception (a duplicate identifier, items appended with no section, an anchor the
/// snapshot does not hold…), the snapshot leaves itself as it was for that call and records the misuse in
/// ``recordedMisuse``; applying the snapshot throws it, as the data source's own error (TableKit's
/// `firstMisuse`). Each message is listed in the *Diffable snapshots* article.
///
/// Two snapshots are equal when they hold the same sections with the same items in the same order; reload
/// and reconfigure marks and a recorded misuse are not compared, as UIKit's `isEqual:` does not.
public struct DiffableDataSourceSnapshot<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: Sendable {
  /// Section identifiers, by position.
  @usableFromInline var sectionIDs: [SectionIdentifierType] = []
  /// Each section's items, by position.
  @usableFromInline var sectionItems: [[ItemIdentifierType]] = []
  /// Each section's slot, by position: a number that stays with the section while it exists.
  @usableFromInline var sectionSlots: [Int32] = []
  /// Each slot's position (-1 when the slot is free).
  @usableFromInline var slotPositions: [Int] = []
  @usableFromInline var freeSlots: [Int32] = []
  @usableFromInline var slotOfSection: [SectionIdentifierType: Int32] = [:]
  @usableFromInline var index = SnapshotIndex<ItemIdentifierType>()
  @usableFromInline var itemCount = 0
  @usableFromInline var misuse: SnapshotMisuse?
  @usableFromInline var reloadedItems = OrderedMarks<ItemIdentifierType>()
  @usableFromInline var reconfiguredItems = OrderedMarks<ItemIdentifierType>()
  @usableFromInline var reloadedSections = OrderedMarks<SectionIdentifierType>()

  /// Creates an empty snapshot.
  @inlinable
  public init() {}

  /// The first misuse recorded (a call UIKit would have answered with an exception), which applying the
  /// snapshot throws; nil for a snapshot built as UIKit allows.
  ///
  /// The neutral form, for any view: TableKit's `firstMisuse` is the same misuse as a `TableViewError`, and
  /// CollectionKit's as its own error. A file that imports both names the type it wants
  /// (`snapshot.firstMisuse as TableViewError?`).
  public var recordedMisuse: SnapshotMisuse? { misuse }

  // MARK: Queries

  /// The number of items in all sections.
  @inlinable
  public var numberOfItems: Int { itemCount }

  /// The number of sections.
  @inlinable
  public var numberOfSections: Int { sectionIDs.count }

  /// The section identifiers, in order.
  @inlinable
  public var sectionIdentifiers: [SectionIdentifierType] { sectionIDs }

  /// Every item identifier, section by section, in order.
  @inlinable
  public var itemIdentifiers: [ItemIdentifierType] { Array(sectionItems.joined()) }

  /// The number of items in a section; 0 for a section the snapshot does not hold (UIKit raises an
  /// exception).
  @inlinable
  public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
    position(ofSection: identifier).map { sectionItems[$0].count } ?? 0
  }

  /// The item identifiers of a section, in order; empty for a section the snapshot does not hold.
  ///
  /// UIKit raises an exception for a section it does not hold. O(1): the snapshot's storage is shared.
  @inlinable
  public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
    position(ofSection: identifier).map { sectionItems[$0] } ?? []
  }

  /// The section holding an item, or nil when the snapshot does not hold it.
  @inlinable
  public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
    guard let place = index.withState({ place(ofItem: identifier, in: &$0) }) else { return nil }
    return sectionIDs[place.position]
  }

  /// The position of an item among all the snapshot's items (counted across sections), or nil.
  @inlinable
  public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
    index.withState { state -> Int? in
      guard let place = place(ofItem: identifier, in: &state) else { return nil }
      return state.starts(of: sectionItems)[place.position] + place.row
    }
  }

  /// The position of a section, or nil.
  @inlinable
  public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? {
    position(ofSection: identifier)
  }

  /// The items marked with ``reloadItems(_:)``, in the order they were first marked.
  @inlinable
  public var reloadedItemIdentifiers: [ItemIdentifierType] { reloadedItems.elements }

  /// The items marked with ``reconfigureItems(_:)``, in the order they were first marked.
  @inlinable
  public var reconfiguredItemIdentifiers: [ItemIdentifierType] { reconfiguredItems.elements }

  /// The sections marked with ``reloadSections(_:)``, in the order they were first marked.
  @inlinable
  public var reloadedSectionIdentifiers: [SectionIdentifierType] { reloadedSections.elements }

  // MARK: Internal lookups

  @inlinable
  func position(ofSection identifier: SectionIdentifierType) -> Int? {
    slotOfSection[identifier].map { slotPositions[Int($0)] }
  }

  /// Whether the snapshot holds an item.
  @inlinable
  func contains(item identifier: ItemIdentifierType) -> Bool {
    index.withState { state in
      state.appended == nil ? state.locations[identifier] != nil : place(ofItem: identifier, in: &state) != nil
    }
  }

  /// Where an item is (its section's position and its row), from the table of appended items or from the
  /// general index, whose stale rows it corrects; nil when the snapshot does not hold it.
  @inlinable
  func place(
    ofItem identifier: ItemIdentifierType, in state: inout SnapshotIndexState<ItemIdentifierType>
  ) -> (position: Int, row: Int)? {
    if let table = state.appended {
      let found = table.place(of: identifier, hash: AppendedItemTable.hash(of: identifier)) { slot, row in
        sectionItems[slotPositions[Int(slot)]][row]
      }
      return found.map { (slotPositions[Int($0.slot)], $0.row) }
    }
    guard let location = state.locations[identifier] else { return nil }
    let position = slotPositions[Int(location.slot)]
    return (position, state.row(of: location, item: identifier, sectionItems: sectionItems[position]))
  }

  /// Changes the index, copying it first if another snapshot shares it, and building its general form first
  /// if the snapshot has only been appended to: `body` may read and write `locations`.
  @inlinable
  mutating func withIndex<Result>(_ body: (inout SnapshotIndexState<ItemIdentifierType>) -> Result) -> Result {
    if !isKnownUniquelyReferenced(&index) { index = index.copy() }
    let sectionItems = sectionItems
    let sectionSlots = sectionSlots
    return index.withState { state in
      if state.appended != nil { state.materializeLocations(sectionItems: sectionItems, sectionSlots: sectionSlots) }
      return body(&state)
    }
  }

  /// Changes the index's per-section marks (`validRows`, `sectionStarts`), copying it first if another
  /// snapshot shares it; `body` must not touch `locations`, which may not be built.
  @inlinable
  mutating func withSectionMarks<Result>(
    _ body: (inout SnapshotIndexState<ItemIdentifierType>) -> Result
  ) -> Result {
    if !isKnownUniquelyReferenced(&index) { index = index.copy() }
    return index.withState { state in body(&state) }
  }

  /// Records the first misuse; the call that made it leaves the snapshot as it was.
  @usableFromInline
  mutating func recordMisuse(_ message: String) {
    if misuse == nil { misuse = SnapshotMisuse(message) }
  }
}

extension DiffableDataSourceSnapshot: Equatable {
  /// Whether both hold the same sections with the same items in the same order (marks and misuse aside).
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.sectionIDs == rhs.sectionIDs && lhs.sectionItems == rhs.sectionItems
  }
}
