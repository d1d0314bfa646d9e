import Benchmark
import BenchmarkSupport
import CatalogGeneration
import Foundation
import HumbleApp
import Presentation
import ServicesLive

/// A `humble` session on the working copy of the large benchmark catalog, with the 100,000-track artist's page
/// open: what a user who typed `artist The Endless Archive` has in front of them.
///
/// Benchmarks that favourite a track unfavourite it again; opening removes favourites an interrupted run left,
/// so that every run starts from the catalog as generated.
@MainActor
final class ReplFixture {
  /// The session, as the `humble` executable drives it.
  let session: Session
  private var iteration = 0

  private init(services: LiveServices, rows: Int) {
    session = Session(
      musicAPI: services.musicAPI, playlistAPI: services.playlistAPI, downloadsManager: services.downloadsManager,
      favouritesManager: services.favouritesManager, rows: rows)
  }

  /// Opens the live services on the working copy and the 100,000-track page in a session with the
  /// executable's default viewport of 20 rows.
  static func open() async throws -> ReplFixture {
    let services = try LiveServices.open(
      .database(at: try BenchmarkCatalog.workingCopy(of: BenchmarkCatalog.large)),
      options: LiveServices.Options(importsDemoCatalogWhenEmpty: false))
    for trackID in services.favouritesManager.favouritedTrackIDs {
      try await services.favouritesManager.setFavourited(false, trackID: trackID)
    }
    let fixture = ReplFixture(services: services, rows: 20)
    let opened = await fixture.run("artist \(CatalogGenerator.largeArtistName)")
    precondition(opened.lines.count > 20, "the large artist's page did not open: \(opened.lines)")
    _ = await fixture.run("wait")
    let sections = fixture.session.screen?.snapshot.sections ?? []
    precondition(
      sections.map(\.id) == [.tracks, .playlists, .relatedArtists] && sections[0].rows.count == 100_000,
      "the large artist's page has \(sections.map { "\($0.id): \($0.rows.count) rows" })")
    return fixture
  }

  /// Runs one line as the REPL would; a failing command stops the benchmark, as its figure would be a lie.
  @discardableResult
  func run(_ line: String) async -> CommandOutput {
    let output = await session.run(line)
    if let error = output.error { fatalError("humble: '\(line)' failed: \(error)") }
    blackHole(output)
    return output
  }

  /// Lets the main actor finish what the last command started: snapshots the data source published reach the
  /// screen through a task, after the command has answered.
  func settle() async {
    for _ in 0..<8 { await Task.yield() }
  }

  /// The iteration number, counting from 0, advanced on each call.
  func nextIteration() -> Int {
    defer { iteration += 1 }
    return iteration
  }
}
