import Domain
import Foundation
import HumbleApp
import Presentation
import PresentationTestSupport
import Services
import ServicesLive
import TableKit
import TableKitTesting
import Testing

/// The artist page composed as the REPL composes it: the live catalog's data source, and the app's screen
/// showing each snapshot through its diffable data source (the production path, not a copy of it).
@MainActor
@Suite(.timeLimit(.minutes(5))) struct ArtistPageCompositionTests {
  @Test func aRealDownloadOnTheLiveCatalogReachesTheTableAsOneReconfiguredRow() async throws {
    let services = try LiveServices.open(.inMemory())
    let dataSource = ArtistTableDataSource(
      artistID: "neon-harbour", musicAPI: services.musicAPI, downloadsManager: services.downloadsManager,
      playlistAPI: services.playlistAPI, favouritesManager: services.favouritesManager, formatting: .englishUTC)
    await dataSource.reload()
    let screen = ArtistScreenController(dataSource: dataSource, rows: 40)
    screen.show(dataSource.snapshot)
    #expect(screen.table.numberOfSections == 3)
    #expect(screen.table.headerTitle(forSection: 0) == "Tracks")
    let first = try screen.table.fetchCell(at: IndexPath(row: 0, section: 0), asType: RowCell.self)
    #expect(first.model?.track?.title == "Intro")
    try screen.table.selectRow(at: IndexPath(row: 0, section: 0))

    let secondCell = screen.table.cellForRow(at: IndexPath(row: 1, section: 0))
    // The screen shows the data source's snapshots itself; it says what each did to the table.
    let (events, record) = AsyncStream.makeStream(of: String.self)
    screen.onEvent = { record.yield($0) }
    let track = try #require(dataSource.track(withID: "neon-harbour-01"))
    try await services.downloadsManager.startDownload(of: track)
    var shown: [String] = []
    for await event in events {
      shown.append(event)
      if screen.snapshot.cellModels.first?.track?.isDownloaded == true { break }
    }
    // Every update the download caused is one row reconfigured, nothing else: the screen shows each snapshot the
    // data source published, in order.
    #expect(!shown.isEmpty && shown.allSatisfy { $0 == "batch update: 1 updated" }, "\(shown)")
    let cell = try screen.table.fetchCell(at: IndexPath(row: 0, section: 0), asType: RowCell.self)
    #expect(cell === first, "a reconfigured row keeps its cell")
    #expect(cell.model?.track?.isDownloaded == true)
    #expect(screen.table.indexPathsForSelectedRows == [IndexPath(row: 0, section: 0)], "and its selection")
    #expect(screen.table.numberOfRows(inSection: 0) == 16)
    #expect(screen.table.cellForRow(at: IndexPath(row: 1, section: 0)) === secondCell)
  }
}
