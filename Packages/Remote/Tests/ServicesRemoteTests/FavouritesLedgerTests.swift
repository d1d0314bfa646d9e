import CatalogAPI
import Domain
import Services
import Testing

@testable import ServicesRemote

struct FavouritesLedgerTests {
  private func list(_ ids: [Track.ID], _ version: Int) -> FavouritesBody {
    FavouritesBody(trackIDs: ids, version: version)
  }

  private func change(_ id: Track.ID, _ isFavourited: Bool, _ version: Int) -> FavouriteChangeBody {
    FavouriteChangeBody(trackID: id, isFavourited: isFavourited, version: version)
  }

  @Test func aListTellsItsChangesInTrackOrder() {
    var ledger = FavouritesLedger()
    #expect(
      ledger.apply(list(["b", "a"], 2))
        == [FavouriteChange(trackID: "a", isFavourited: true), FavouriteChange(trackID: "b", isFavourited: true)])
    #expect(
      ledger.apply(list(["c", "a"], 3))
        == [FavouriteChange(trackID: "b", isFavourited: false), FavouriteChange(trackID: "c", isFavourited: true)])
    #expect(ledger.favourites == ["a", "c"])
    #expect(ledger.version == 3)
  }

  @Test func anOlderListChangesNothing() {
    var ledger = FavouritesLedger()
    _ = ledger.apply(list(["a"], 5))
    #expect(ledger.apply(list(["b"], 4)).isEmpty)
    #expect(ledger.favourites == ["a"])
    #expect(ledger.version == 5)
  }

  @Test func aChangeNewerThanTheListIsAppliedAndTold() {
    var ledger = FavouritesLedger()
    _ = ledger.apply(list([], 1))
    #expect(ledger.apply(change("a", true, 2)) == FavouriteChange(trackID: "a", isFavourited: true))
    #expect(ledger.favourites == ["a"])
    #expect(ledger.version == 2)
  }

  @Test func aChangeNoNewerThanTheListIsIgnored() {
    var ledger = FavouritesLedger()
    _ = ledger.apply(list(["a"], 4))
    #expect(ledger.apply(change("a", false, 4)) == nil)
    #expect(ledger.apply(change("a", false, 3)) == nil)
    #expect(ledger.favourites == ["a"])
  }

  @Test func anOlderChangeOfATrackDoesNotUndoANewerOne() {
    var ledger = FavouritesLedger()
    _ = ledger.apply(list([], 0))
    _ = ledger.apply(change("a", true, 3))
    #expect(ledger.apply(change("a", false, 2)) == nil)
    #expect(ledger.favourites == ["a"])
  }

  @Test func aChangeThatRepeatsTheStateIsNotToldButStillOutranksOlderLists() {
    var ledger = FavouritesLedger()
    _ = ledger.apply(list(["a"], 1))
    #expect(ledger.apply(change("a", true, 3)) == nil)
    #expect(ledger.apply(list([], 2)).isEmpty)
    #expect(ledger.favourites == ["a"])
  }

  @Test func aListOlderThanAChangeKeepsTheChangeButUpdatesOtherTracks() {
    var ledger = FavouritesLedger()
    _ = ledger.apply(list(["b"], 1))
    _ = ledger.apply(change("a", true, 4))
    // Read at version 3: it knows b was unfavourited and c favourited, but not the change to a.
    #expect(
      ledger.apply(list(["c"], 3))
        == [FavouriteChange(trackID: "b", isFavourited: false), FavouriteChange(trackID: "c", isFavourited: true)])
    #expect(ledger.favourites == ["a", "c"])
    #expect(ledger.version == 4)
  }

  @Test func aListNewerThanAChangeOverridesIt() {
    var ledger = FavouritesLedger()
    _ = ledger.apply(list([], 1))
    _ = ledger.apply(change("a", true, 2))
    #expect(ledger.apply(list([], 3)) == [FavouriteChange(trackID: "a", isFavourited: false)])
    #expect(ledger.favourites.isEmpty)
    // The list at 3 supersedes the change at 2: a replayed change at 2 is old news.
    #expect(ledger.apply(change("a", true, 2)) == nil)
  }

  @Test func theSameListTwiceChangesNothingTheSecondTime() {
    var ledger = FavouritesLedger()
    _ = ledger.apply(list(["a"], 2))
    #expect(ledger.apply(list(["a"], 2)).isEmpty)
  }

  @Test func aNewLedgerKnowsNothing() {
    let ledger = FavouritesLedger()
    #expect(ledger.favourites.isEmpty)
    #expect(ledger.version == -1)
  }
}
