import Foundation
import ListCore
import ListCoreTesting
import Testing

/// What a diffable data source asks its snapshot: items by index path, sections by position, the diff's form
/// and the items to reload.
@Suite struct DiffableDataSourceSnapshotDataSourceTests {
  private let sample = TextSnapshot.of(["A": ["a1", "a2"], "B": [], "C": ["c1"]])

  @Test func itemsAreFoundByIndexPathAndIndexPathsByItem() {
    #expect(sample.itemIdentifier(at: .item(1, 0)) == "a2")
    #expect(sample.itemIdentifier(at: .row(0, 2)) == "c1")
    #expect(sample.indexPath(ofItem: "c1") == .item(0, 2))
    #expect(sample.indexPath(ofItem: "z") == nil)
  }

  @Test func indexPathsTheSnapshotDoesNotHaveAnswerNil() {
    #expect(sample.itemIdentifier(at: .item(0, 1)) == nil)
    #expect(sample.itemIdentifier(at: .item(2, 0)) == nil)
    #expect(sample.itemIdentifier(at: .item(0, 3)) == nil)
    #expect(sample.itemIdentifier(at: .item(-1, 0)) == nil)
    #expect(sample.itemIdentifier(at: IndexPath(index: 0)) == nil)
    #expect(sample.itemIdentifier(at: IndexPath(indexes: [0, 0, 0])) == nil)
  }

  @Test func sectionsAreFoundByPosition() {
    #expect(sample.sectionIdentifier(at: 1) == "B")
    #expect(sample.sectionIdentifier(at: 3) == nil)
    #expect(sample.sectionIdentifier(at: -1) == nil)
    #expect((0..<4).map { sample.numberOfItems(inSectionAt: $0) } == [2, 0, 1, 0])
  }

  @Test func aSnapshotWithoutMarksKeepsItsItems() {
    var marked = sample
    marked.reloadItems(["a1"])
    marked.reconfigureItems(["a2"])
    marked.reloadSections(["C"])
    let unmarked = marked.withoutMarks
    #expect(unmarked == marked)
    #expect(unmarked.reloadedItemIdentifiers.isEmpty && unmarked.reconfiguredItemIdentifiers.isEmpty)
    #expect(unmarked.reloadedSectionIdentifiers.isEmpty)
    #expect(marked.itemsToReload == ["a1", "c1"])
    #expect(unmarked.itemsToReload.isEmpty)
  }

  @Test func itemsToReconfigureAreTheMarkedOnesThatAreNotAlsoReloaded() {
    var marked = sample
    marked.reconfigureItems(["c1", "a2", "a1"])
    #expect(marked.itemsToReconfigure == ["c1", "a2", "a1"])
    marked.reloadItems(["a1"])
    marked.reloadSections(["C"])
    #expect(marked.itemsToReconfigure == ["a2"], "a reloaded item gets a new cell: nothing to configure in place")
    #expect(sample.itemsToReconfigure.isEmpty)
  }

  @Test func theDiffsFormHoldsTheSectionsAndTheirItemsInOrder() {
    let sections = sample.diffableSections()
    #expect(sections.map(\.id) == ["A", "B", "C"])
    #expect(sections.map { $0.items.map(\.id) } == [["a1", "a2"], [], ["c1"]])
    #expect(Changeset.difference(from: sections, to: sample.diffableSections()).isEmpty)
  }
}
