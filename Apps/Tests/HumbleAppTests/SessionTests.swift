import Domain
import Foundation
import HumbleApp
import Presentation
import PresentationTestSupport
import ServicesTestSupport
import TableKit
import TableKitTesting
import Testing

@MainActor
@Suite(.timeLimit(.minutes(5))) struct SessionTests: OasisSessionFixture {
  let musicAPI = MockMusicAPI()
  let downloads = MockDownloadsManager()
  let favourites = MockFavouritesManager()

  @Test func openingAnArtistShowsItsPage() async {
    let session = makeSession()
    let output = await session.run("artist oasis")
    #expect(output.error == nil)
    #expect(output.lines.first == "Oasis")
    #expect(output.lines.contains { $0.contains("Wonderwall") })
  }

  @Test func theFavouritesPageListsTheFavouritesFollowsThemAndBackReturns() async throws {
    let session = makeSession()
    _ = await session.run("artist oasis")
    #expect(await session.run("favourite 2").error == nil)
    let opened = await session.run("favourites")
    #expect(opened.error == nil)
    #expect(opened.lines.first == "Favourites")
    #expect(opened.lines.contains { $0.contains("Hello") })
    #expect(!opened.lines.contains { $0.contains("Wonderwall") })
    #expect(session.artist == nil)
    let screen = try #require(session.screen)
    let updates = screen.dataSource.updates()
    #expect(await session.run("unfavourite 1").error == nil)
    _ = try await firstSnapshot(on: updates) { $0.cellModels.isEmpty }
    // `wait` shows the page as the data source has it (a bare `show` prints the table, which catches up on its own).
    let waited = await session.run("wait")
    #expect(waited.error == nil)
    #expect(!waited.lines.contains { $0.contains("Hello") })
    let back = await session.run("back")
    #expect(back.lines.first == "Oasis")
    #expect(session.artist?.id == "oasis")
  }

  @Test func sortingReordersTheTableRows() async throws {
    let session = makeSession()
    _ = await session.run("artist Oasis")
    _ = await session.run("sort alphabetical")
    let screen = try #require(session.screen)
    let titles = try (0..<3).map {
      try screen.table.fetchCell(at: IndexPath(row: $0, section: 0), asType: RowCell.self).model?.track?.title
    }
    #expect(titles == ["Hello", "Supersonic", "Wonderwall"])
  }

  @Test func selectingMovesTheSelectionThroughTheRealDelegatePath() async throws {
    let session = makeSession()
    _ = await session.run("artist oasis")
    let screen = try #require(session.screen)
    var events: [String] = []
    screen.onEvent = { events.append($0) }
    _ = await session.run("select 1")
    _ = await session.run("select 3")
    // Selecting a track plays it: its row (and the one that played before) shows that, reconfigured in place.
    #expect(
      events == [
        "willSelect 1.1", "didSelect 1.1", "batch update: 1 updated", "willSelect 1.3", "willDeselect 1.1",
        "didDeselect 1.1", "didSelect 1.3", "batch update: 2 updated",
      ])
    #expect(screen.table.indexPathsForSelectedRows == [IndexPath(row: 2, section: 0)])
    #expect(screen.nowPlaying == "Supersonic")
  }

  @Test func downloadAndFavouriteGoThroughTheRowsActions() async throws {
    let session = makeSession()
    _ = await session.run("artist oasis")
    let downloaded = await session.run("download 2")
    #expect(downloaded.error == nil)
    #expect(downloads.startedDownloads == ["Hello"])
    _ = await session.run("favourite 3")
    #expect(favourites.favouritedTrackIds == ["Supersonic"])
    let shown = await session.run("show")
    #expect(shown.lines.dropFirst().first?.contains("Supersonic") == true, "a favourite is pinned first")
  }

  @Test func aYoungViewerLosesExplicitRowsAndEventsShowTheBatchUpdate() async throws {
    let session = makeSession()
    musicAPI.returnTracks([
      .fixture(id: "clean", title: "Clean"), .fixture(id: "rude", title: "Rude", containsExplicitLyrics: true),
    ])
    _ = await session.run("artist oasis")
    _ = await session.run("events on")
    let output = await session.run("user age 12")
    #expect(!output.lines.contains { $0.contains("Rude") })
    #expect(output.lines.last == "events: batch update: 1 deleted")
    #expect(try #require(session.screen).table.numberOfRows(inSection: 0) == 1)
  }

  @Test func cellActionsAndDeselectDescribeAndDriveTheRow() async {
    let session = makeSession()
    _ = await session.run("artist oasis")
    #expect(await session.run("cell 1").lines.prefix(3) == ["kind: track", "id: Wonderwall", "title: Wonderwall"])
    #expect(await session.run("actions 1").lines == ["Download", "Favourite"])
    #expect(await session.run("action favourite 1").error == nil)
    #expect(favourites.favouritedTrackIds == ["Wonderwall"])
    _ = await session.run("select 2")
    #expect(await session.run("deselect").error == nil)
    #expect(session.screen?.table.indexPathsForSelectedRows == nil)
    #expect(await session.run("deselect 1").error == "Row 1 is not selected.")
  }

  @Test func selectingARelatedArtistOpensTheirPageAndBackReturns() async throws {
    let session = makeSession()
    musicAPI.returnRelatedArtists([.fixture(id: "blur", name: "Blur")])
    _ = await session.run("artist oasis")
    let opened = await session.run("select 4")
    #expect(opened.lines.first == "Blur")
    #expect(session.artist?.id == "blur")
    let back = await session.run("back")
    #expect(back.lines.first == "Oasis")
    #expect(await session.run("back").error == "There is no previous page.")
  }

  @Test func historyListsTheCommandsRunAndTimingAppendsADuration() async {
    let session = makeSession()
    _ = await session.run("artist oasis")
    _ = await session.run("timing on")
    let sorted = await session.run("sort popular")
    #expect(sorted.lines.last?.hasPrefix("time: ") == true)
    #expect(await session.run("history").lines.prefix(3) == ["1  artist oasis", "2  timing on", "3  sort popular"])
  }

  @Test func badRowsAndMissingPagesGetOneSpecificLine() async {
    let session = makeSession()
    #expect(await session.run("show").error == "No artist page is open: use 'artist <name or id>' first.")
    _ = await session.run("artist oasis")
    #expect(await session.run("select 9").error == "There is no row 9: the page has 3 rows.")
    #expect(
      await session.run("unfavourite 1").error == "Row 1 does not offer 'Unfavourite' (it offers: Download, Favourite)."
    )
    #expect(await session.run("artist nobody").error == "No artist called 'nobody'. Type 'artists' to list them.")
  }

  @Test func historyKeepsTheLastThousandCommandsNumberedFromTheFirst() async {
    let session = makeSession()
    for number in 1...1_300 { _ = await session.run("help \(number)") }
    let output = await session.run("history")
    #expect(output.lines.count == Session.historyLimit)
    #expect(output.lines.first == "302  help 302")
    #expect(output.lines.last == "1301  history")
  }
}
