import Domain
import Foundation
@_spi(Testing) import HumbleApp
import Services
import ServicesTestSupport
import Testing

/// A grid page's artwork in the REPL: `cell` says where each poster's artwork stands, `--json` documents it, `wait`
/// waits for it, and artwork arriving between commands redraws the grid live.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct GridArtworkSessionTests: GridSessionFixture {
  let musicAPI = MockMusicAPI()
  let playlistAPI = MockPlaylistAPI()
  let downloads = MockDownloadsManager()
  let favourites = MockFavouritesManager()
  let loader = MockArtworkLoader()

  @Test func cellSaysWhereEachPostersArtworkStands() async throws {
    let session = makeSession()
    loader.failCalls(for: GridCatalog.artwork(2), with: .notFound(GridCatalog.artwork(2)))
    loader.holdCalls(for: GridCatalog.artwork(3))
    _ = await session.run("artist oasis")
    _ = await session.run("playlists")
    let grid = try #require(session.grid)
    for index in 0..<2 { await grid.cell(at: index)?.waitUntilLoadEnds() }
    #expect(
      await session.run("cell 1").lines == [
        "poster: 1", "kind: playlist", "id: p1", "title: Britpop", "subtitle: 1 track · 3 min",
        "artworkURL: https://images.example.com/p1.jpg", "artwork: shown 256×256",
      ])
    #expect(
      await session.run("cell 2").lines.last
        == "artwork: failed: No artwork at https://images.example.com/p2.jpg.")
    #expect(await session.run("cell 3").lines.last == "artwork: loading")
    #expect(await session.run("cell 7").lines.last == "artwork: off screen")
    loader.release(GridCatalog.artwork(3))
    _ = await session.run("wait")
    #expect(await session.run("cell 3").lines.last == "artwork: shown 256×256")
  }

  @Test func aGridPageAsJSONGivesEachVisiblePostersNumberFieldsAndArtwork() async throws {
    let session = makeSession()
    loader.failCalls(for: GridCatalog.artwork(2), with: .notFound(GridCatalog.artwork(2)))
    loader.holdCalls(for: GridCatalog.artwork(3))
    _ = await session.run("artist oasis")
    _ = await session.run("playlists")
    for index in 0..<2 { await session.grid?.cell(at: index)?.waitUntilLoadEnds() }
    let document = try parse(await session.run("show"), command: "show")
    let page = try #require(document["page"] as? [String: Any])
    #expect(page["kind"] as? String == "grid")
    #expect(page["grid"] as? String == "playlists")
    #expect(page["title"] as? String == "Playlists featuring Oasis")
    #expect(page["state"] as? String == "loaded")
    #expect(page["posterCount"] as? Int == 7)
    #expect(page["columns"] as? Int == 3)
    let posters = try #require(page["posters"] as? [[String: Any]])
    #expect(posters.map { $0["number"] as? Int } == [1, 2, 3])
    #expect(posters.map { $0["title"] as? String } == ["Britpop", "Nineties", "Manchester"])
    #expect(posters[0]["subtitle"] as? String == "1 track · 3 min")
    #expect(posters[0]["artworkURL"] as? String == "https://images.example.com/p1.jpg")
    let artwork = posters.compactMap { $0["artwork"] as? [String: Any] }
    #expect(artwork[0]["state"] as? String == "shown")
    #expect(artwork[0]["width"] as? Int == 256 && artwork[0]["height"] as? Int == 256)
    #expect(artwork[1]["state"] as? String == "failed")
    #expect(artwork[1]["reason"] as? String == "No artwork at https://images.example.com/p2.jpg.")
    #expect(artwork[2]["state"] as? String == "loading")
    let cell = try parse(await session.run("cell 3"), command: "cell 3")
    #expect(cell["poster"] as? Int == 3)
    let fields = try #require(cell["cell"] as? [String: Any])
    #expect(fields["title"] as? String == "Manchester")
    #expect((fields["artwork"] as? [String: Any])?["state"] as? String == "loading")
    loader.release(GridCatalog.artwork(3))
    _ = await session.run("wait")
  }

  @Test func waitReturnsOnceNoArtworkLoadIsInFlightAndShowsTheGrid() async throws {
    let session = makeSession()
    loader.holdCalls(for: GridCatalog.artwork(3))
    _ = await session.run("artist oasis")
    _ = await session.run("playlists")
    let waiting = Task { await session.run("wait") }
    await loader.heldCall(for: GridCatalog.artwork(3)).release()
    let output = await waiting.value
    #expect(output.error == nil)
    #expect(output.lines == session.drawnGrid)
    let grid = try #require(session.grid)
    #expect(grid.artworkLoadsInFlight == 0)
    #expect(grid.cell(at: 2)?.artworkState == .shown(GridCatalog.artwork(3), GridCatalog.cover))
  }

  @Test func waitEndsAtOnceWhenInterruptedAndTheArtworkGoesOnLoading() async throws {
    let session = makeSession()
    loader.holdCalls(for: GridCatalog.artwork(3))
    _ = await session.run("artist oasis")
    _ = await session.run("playlists")
    let hold = await loader.heldCall(for: GridCatalog.artwork(3))
    let waiting = Task { await session.run("wait") }
    waiting.cancel()
    #expect(await waiting.value.error == "wait: interrupted; the artwork goes on loading.")
    #expect(session.grid?.cell(at: 2)?.artworkState == .loading(GridCatalog.artwork(3)))
    hold.release()
    #expect(await session.run("wait").error == nil)
  }

  @Test func artworkArrivingBetweenCommandsRedrawsTheGridLive() async throws {
    let session = makeSession()
    loader.holdCalls()
    _ = await session.run("artist oasis")
    _ = await session.run("playlists")
    let live = LiveOutputRecorder(session)
    await loader.heldCall(for: GridCatalog.artwork(2)).release()
    let lines = await live.next()
    #expect(lines == session.drawnGrid)
    #expect(session.grid?.cell(at: 1)?.artworkState == .shown(GridCatalog.artwork(2), GridCatalog.cover))
    loader.releaseAll()
  }

  @Test func artworkArrivingWhileACommandRunsIsNotReportedLive() async throws {
    let session = makeSession()
    loader.holdCalls()
    _ = await session.run("artist oasis")
    _ = await session.run("playlists")
    let grid = try #require(session.grid)
    let live = LiveOutputRecorder(session)
    let fetch = playlistAPI.holdNextCall()
    let reloading = Task { await session.run("reload") }
    await fetch.waitUntilReached()
    for number in 1...3 {
      await loader.heldCall(for: GridCatalog.artwork(number)).release()
      await grid.cell(at: number - 1)?.waitUntilLoadEnds()
    }
    fetch.release()
    #expect(await reloading.value.lines == session.drawnGrid)
    // The next line's posters ask again as they appear; the first of them to answer is the first live report.
    _ = await session.run("scroll down")
    await loader.heldCall(for: GridCatalog.artwork(4), at: 1).release()
    let lines = await live.next()
    #expect(lines == session.drawnGrid, "a report of the arrivals during 'reload' came first: \(lines)")
    #expect(grid.cell(at: 3)?.artworkState == .shown(GridCatalog.artwork(4), GridCatalog.cover))
    loader.releaseAll()
  }

  @Test func artworkOfAGridThatIsNotOpenIsNotReported() async throws {
    let session = makeSession()
    loader.holdCalls()
    _ = await session.run("artist oasis")
    _ = await session.run("playlists")
    let grid = try #require(session.grid)
    _ = await session.run("select 1")
    let live = LiveOutputRecorder(session)
    await loader.heldCall(for: GridCatalog.artwork(1)).release()
    await grid.cell(at: 0)?.waitUntilLoadEnds()
    #expect(grid.cell(at: 0)?.artworkState == .shown(GridCatalog.artwork(1), GridCatalog.cover))
    // A row changing on the playlist's page is reported; the grid's artwork, underneath, was not.
    downloads.setState(.downloading(progress: 0.4), for: "supersonic")
    let lines = await live.next()
    #expect(lines.count == 1 && lines[0].contains("Supersonic") && lines[0].contains("40%"), "\(lines)")
    loader.releaseAll()
  }

  private func parse(_ output: CommandOutput, command: String) throws -> [String: Any] {
    let text = output.json(command: command).jsonText
    return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }
}
