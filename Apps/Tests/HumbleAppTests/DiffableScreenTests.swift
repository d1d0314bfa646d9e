import Domain
import Foundation
import HumbleApp
import Presentation
import ServicesTestSupport
import TableKit
import TableKitTesting
import Testing

/// The screen on its diffable data source: the table's items are the page's row keys, and rows whose cell
/// model changed are reconfigured in place.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct DiffableScreenTests: OasisSessionFixture {
  let musicAPI = MockMusicAPI()
  let downloads = MockDownloadsManager()
  let favourites = MockFavouritesManager()

  @Test func theTablesItemsAreThePagesRowKeysInEveryOrder() async throws {
    let session = makeSession()
    _ = await session.run("artist oasis")
    let screen = try #require(session.screen)
    for mode in ["alphabetical", "reverse", "catalog"] {
      _ = await session.run("sort \(mode)")
      let items = screen.tableDataSource.snapshot().itemIdentifiers(inSection: .tracks)
      #expect(items == screen.snapshot.sections[0].rowKeys, "after sort \(mode)")
      #expect(screen.tableDataSource.sectionIdentifier(for: 0) == .tracks)
    }
  }

  @Test func aSelectedRowWhoseDownloadStartsKeepsItsCellAndItsSelection() async throws {
    let session = makeSession()
    _ = await session.run("artist oasis")
    _ = await session.run("select 2")
    let screen = try #require(session.screen)
    let cell = try screen.table.fetchCell(at: IndexPath(row: 1, section: 0), asType: RowCell.self)
    #expect(await session.run("download 2").error == nil)
    #expect(screen.table.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0)])
    let after = try screen.table.fetchCell(at: IndexPath(row: 1, section: 0), asType: RowCell.self)
    #expect(after === cell, "reconfigured, not reloaded")
    #expect(after.model?.track?.downloadStatus == .downloading(percent: 0))
  }

  @Test func favouritingMovesTheRowAndReconfiguresItInOneBatchUpdate() async throws {
    let session = makeSession()
    _ = await session.run("artist oasis")
    _ = await session.run("events on")
    let output = await session.run("favourite 3")
    #expect(output.lines.last == "events: batch update: 1 updated, 1 moved")
    let screen = try #require(session.screen)
    let first = try screen.table.fetchCell(at: IndexPath(row: 0, section: 0), asType: RowCell.self)
    #expect(first.model?.track?.title == "Supersonic" && first.model?.track?.isFavourited == true)
    #expect(screen.show(screen.dataSource.snapshot) == nil, "the page shown again changes nothing")
  }
}

/// The screen takes what changed from its data source; when the data source no longer remembers as far back as
/// the page shown, the table reloads its data.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct ScreenBehindItsDataSourceTests {
  @Test func aScreenFurtherBehindThanItsDataSourceRemembersReloadsItsTablesData() async throws {
    let musicAPI = MockMusicAPI()
    musicAPI.returnTracksWithTitles(["Wonderwall", "Hello", "Supersonic"])
    let dataSource = ArtistTableDataSource(
      artistID: "oasis", musicAPI: musicAPI, downloadsManager: MockDownloadsManager())
    await dataSource.reload()
    // Every other sort changes the order: more revisions than the data source keeps changes for.
    for turn in 0...ArtistTableDataSource.changeHistoryLength {
      dataSource.sortMode = turn.isMultiple(of: 2) ? .alphabeticalAscending : .catalogOrder
    }
    let screen = ArtistScreenController(dataSource: dataSource, rows: 10)
    #expect(dataSource.changes(since: screen.snapshot.revision) == nil, "the case this test is about")
    var events: [String] = []
    screen.onEvent = { events.append($0) }
    #expect(screen.show(dataSource.snapshot) == nil)
    #expect(events == ["reload: 3 rows"])
    #expect(screen.snapshot.revision == dataSource.revision)
    let titles = try (0..<3).map { row in
      try screen.table.fetchCell(at: IndexPath(row: row, section: 0), asType: RowCell.self).model?.track?.title
    }
    #expect(titles == dataSource.cellModels.map(\.track?.title))
  }
}
