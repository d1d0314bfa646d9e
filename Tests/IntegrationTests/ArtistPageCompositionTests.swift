import Domain
import Foundation
import Presentation
import PresentationTestSupport
import Services
import ServicesLive
import TableKit
import TableKitTesting
import Testing

/// A cell that binds a row's cell model, and nothing else.
final class ArtistRowCell: TableViewCell {
  var model: ArtistCellModelType?
}

/// The smallest controller that shows an artist page in a table view: it holds the latest snapshot, binds
/// cells, and applies the diff of each new snapshot as one batch update.
@MainActor
final class ArtistPageController: TableViewDataSource, TableViewDelegate {
  private(set) var snapshot = ArtistPageSnapshot(sections: [], state: .idle)
  let table = TableView(rowsInViewport: 40)

  init() {
    table.register(ArtistRowCell.self, forCellReuseIdentifier: "row")
    table.dataSource = self
    table.delegate = self
    // Load the empty page now, so that the first snapshot arrives as a batch update against it.
    table.reloadData()
  }

  @discardableResult
  func show(_ next: ArtistPageSnapshot) throws -> Changeset {
    let changes = Changeset.difference(from: sections(of: snapshot), to: sections(of: next))
    snapshot = next
    try table.apply(changes)
    return changes
  }

  private func sections(of snapshot: ArtistPageSnapshot) -> [DiffableSection<
    ArtistTableSection.Kind, ArtistCellModelType
  >] {
    snapshot.sections.map { DiffableSection(id: $0.id, items: $0.rows) }
  }

  func numberOfSections(in tableView: TableView) -> Int { snapshot.sections.count }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    snapshot.sections[section].rows.count
  }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
    (cell as? ArtistRowCell)?.model = snapshot.sections[indexPath.section].rows[indexPath.row]
    return cell
  }

  func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
    snapshot.sections[section].title
  }
}

@MainActor
@Suite(.timeLimit(.minutes(5))) struct ArtistPageCompositionTests {
  @Test func aRealDownloadOnTheLiveCatalogReachesTheTableAsOneUpdatedRow() async throws {
    let services = try LiveServices.open(.inMemory())
    let dataSource = ArtistTableDataSource(
      artistID: "neon-harbour", musicAPI: services.musicAPI, downloadsManager: services.downloadsManager,
      playlistAPI: services.playlistAPI, favouritesManager: services.favouritesManager, formatting: .englishUTC)
    await dataSource.reload()
    let controller = ArtistPageController()
    try controller.show(dataSource.snapshot)
    #expect(controller.table.numberOfSections == 3)
    #expect(controller.table.headerTitle(forSection: 0) == "Tracks")
    let first = try controller.table.fetchCell(at: IndexPath(row: 0, section: 0), asType: ArtistRowCell.self)
    #expect(first.model?.track?.title == "Intro")

    let secondCell = controller.table.cellForRow(at: IndexPath(row: 1, section: 0))
    let updates = dataSource.updates()
    let track = try #require(dataSource.track(withID: "neon-harbour-01"))
    try await services.downloadsManager.startDownload(of: track)
    var lastChanges = Changeset()
    for await snapshot in updates {
      // Each progress step and the completion arrive as their own snapshot: one row reloaded, nothing else.
      lastChanges = try controller.show(snapshot)
      var expected = Changeset()
      expected.rowReloads = [IndexPath(row: 0, section: 0)]
      #expect(lastChanges.isEmpty || lastChanges == expected)
      if snapshot.cellModels.first?.track?.isDownloaded == true { break }
    }
    let cell = try controller.table.fetchCell(at: IndexPath(row: 0, section: 0), asType: ArtistRowCell.self)
    #expect(cell.model?.track?.isDownloaded == true)
    #expect(controller.table.numberOfRows(inSection: 0) == 16)
    #expect(controller.table.cellForRow(at: IndexPath(row: 1, section: 0)) === secondCell)
  }
}
