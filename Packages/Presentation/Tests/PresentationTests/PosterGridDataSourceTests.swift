import Domain
import Foundation
import Presentation
import PresentationTestSupport
import Services
import ServicesTestSupport
import Testing

/// The grid pages, tested on values: the playlists featuring an artist and the artist's releases.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct PosterGridDataSourceTests {
  let playlistAPI = MockPlaylistAPI.unimplemented()
  let musicAPI = MockMusicAPI.unimplemented()
  let oasis = Artist.fixture(id: "oasis", name: "Oasis", imageURL: URL(string: "https://images.example.com/oasis.jpg"))

  func playlistsGrid() -> PosterGridDataSource {
    PosterGridDataSource(
      source: .playlists(featuring: "oasis", playlistAPI: playlistAPI), formatting: .englishUTC)
  }

  func releasesGrid(of artist: Artist? = nil) -> PosterGridDataSource {
    PosterGridDataSource(source: .releases(of: artist ?? oasis, musicAPI: musicAPI), formatting: .englishUTC)
  }

  static func tracks(_ count: Int, prefix: String) -> [Track] {
    (0..<count).map { Track.fixture(id: Track.ID("\(prefix)\($0)"), duration: 200) }
  }

  @Test func thePlaylistsGridListsThePlaylistsFeaturingTheArtistInTheirOrder() async {
    playlistAPI.returnPlaylists(
      [
        .fixture(id: "britpop", name: "Britpop", tracks: Self.tracks(12, prefix: "b")),
        .fixture(id: "nineties", name: "Nineties", tracks: Self.tracks(1, prefix: "n")),
      ], forArtist: "oasis")
    let grid = playlistsGrid()
    #expect(grid.state == .idle)
    await grid.reload()
    #expect(grid.state == .loaded)
    #expect(grid.cellModels.map(\.title) == ["Britpop", "Nineties"])
    #expect(grid.cellModels.map(\.subtitle) == ["12 tracks · 40 min", "1 track · 3 min"])
    #expect(
      grid.cellModels.map(\.artworkURL?.absoluteString) == [
        "https://images.example.com/britpop.jpg", "https://images.example.com/nineties.jpg",
      ])
    #expect(grid.cellModels.map(\.id) == [.playlist("britpop"), .playlist("nineties")])
    #expect(playlistAPI.requestedArtistIDs == ["oasis"])
  }

  @Test func selectingAPosterLeadsWhereItsCellModelSays() async {
    playlistAPI.returnPlaylistsWithName("Britpop", "Nineties")
    let grid = playlistsGrid()
    await grid.reload()
    #expect(grid.destination(ofItemAt: 1) == .openPlaylist("Nineties", title: "Nineties"))
    #expect(grid.destination(ofItemAt: 2) == nil)
    #expect(grid.destination(ofItemAt: -1) == nil)
  }

  @Test func theReleasesGridGroupsTheArtistsTracksNewestFirstWithTheArtistsPicture() async {
    musicAPI.returnTracks(
      [
        .fixture(id: "supersonic", title: "Supersonic", duration: 284, releaseDate: day(1994, 4, 11)),
        .fixture(id: "wonderwall", title: "Wonderwall", duration: 258, releaseDate: day(1995, 10, 30)),
        .fixture(id: "roll-with-it", title: "Roll with It", duration: 239, releaseDate: day(1995, 8, 14)),
      ], forArtist: "oasis")
    let grid = releasesGrid()
    await grid.reload()
    #expect(grid.state == .loaded)
    #expect(grid.cellModels.map(\.title) == ["Roll with It", "Supersonic"])
    #expect(grid.cellModels.map(\.subtitle) == ["2 tracks · 8 min · 1995", "1 track · 5 min · 1994"])
    #expect(grid.cellModels.allSatisfy { $0.artworkURL == oasis.imageURL })
    let release1995 = Release.ID(artistID: "oasis", year: 1995)
    #expect(grid.destination(ofItemAt: 0) == .openRelease(release1995, title: "Roll with It"))
    #expect(musicAPI.requestedArtistIDs == ["oasis"])
  }

  @Test func aReleasesPosterOpensAPageOfExactlyItsTracks() async throws {
    musicAPI.returnTracks(
      [
        .fixture(id: "a", releaseDate: day(1995, 1, 1)), .fixture(id: "b", releaseDate: day(1994, 6, 1)),
        .fixture(id: "c", releaseDate: day(1995, 12, 31)),
      ], forArtist: "oasis")
    let grid = releasesGrid()
    await grid.reload()
    for (index, poster) in grid.cellModels.enumerated() {
      guard case .openRelease(let release, _) = grid.destination(ofItemAt: index) else {
        Issue.record("poster \(poster.id) does not open a release")
        continue
      }
      let page = try await TrackSource.release(release, musicAPI: musicAPI, formatting: .englishUTC).tracks(
        TrackPageRequest())
      #expect(poster.subtitle.hasPrefix(CountText.string(page.tracks.count, "track") + " · "))
    }
    #expect(
      grid.cellModels.map(\.id) == [
        .release(.init(artistID: "oasis", year: 1995)), .release(.init(artistID: "oasis", year: 1994)),
      ])
  }

  @Test func anArtistWithNoPictureGivesReleasesWithNoArtwork() async {
    musicAPI.returnTracks([.fixture(title: "Supersonic")], forArtist: "oasis")
    let grid = releasesGrid(of: .fixture(id: "oasis", imageURL: nil))
    await grid.reload()
    #expect(grid.cellModels.map(\.artworkURL) == [nil])
  }

  @Test func aFailedReloadSaysWhyInOneLineAndKeepsThePosters() async {
    playlistAPI.returnPlaylistsWithName("Britpop")
    let grid = playlistsGrid()
    await grid.reload()
    playlistAPI.failCalls(with: .unavailable(reason: "the server said:\n  503 Service Unavailable\n"))
    await grid.reload()
    guard case .failed(let error) = grid.state else {
      Issue.record("expected a failure, the grid is \(grid.state)")
      return
    }
    #expect(error == .playlists(.unavailable(reason: "the server said:\n  503 Service Unavailable\n")))
    #expect(error.description == "Playlists are unavailable: the server said: 503 Service Unavailable")
    #expect(grid.cellModels.map(\.title) == ["Britpop"], "the posters it had stay")
  }

  @Test func aFailedReleasesReloadSaysWhy() async {
    musicAPI.failCalls(to: .tracks, with: .unavailable(reason: "down"))
    let grid = releasesGrid()
    await grid.reload()
    #expect(grid.state == .failed(.music(.unavailable(reason: "down"))))
    #expect(grid.cellModels.isEmpty)
  }

  @Test func eachChangeIsPublishedOnceWithTheNextRevision() async throws {
    playlistAPI.returnPlaylistsWithName("Britpop")
    let grid = playlistsGrid()
    let updates = grid.updates()
    await grid.reload()
    var iterator = updates.makeAsyncIterator()
    let loading = await iterator.next()
    let loaded = await iterator.next()
    #expect(loading?.state == .loading)
    #expect(loading?.revision == 1)
    #expect(loading?.cellModels.isEmpty == true)
    #expect(loaded?.state == .loaded)
    #expect(loaded?.revision == 2)
    #expect(loaded?.cellModels.map(\.title) == ["Britpop"])
    #expect(grid.snapshot == loaded)
  }

  @Test func aReloadWhileAnotherIsHeldDiscardsTheStaleAnswer() async throws {
    musicAPI.returnTracks([.fixture(id: "old", title: "Old", releaseDate: day(1994, 1, 1))], forArtist: "oasis")
    let hold = musicAPI.holdNextCall(to: .tracks, ignoringCancellation: true)
    let grid = releasesGrid()
    let updates = grid.updates()
    let staleReload = Task { await grid.reload() }
    await hold.waitUntilReached()
    musicAPI.returnTracks([.fixture(id: "new", title: "New", releaseDate: day(1997, 1, 1))], forArtist: "oasis")
    await grid.reload()
    #expect(grid.cellModels.map(\.title) == ["New"])
    let revision = grid.revision
    hold.release()
    await staleReload.value
    #expect(hold.answeredAfterCancellation, "the stale reload's fetch was cancelled, and answered all the same")
    #expect(grid.cellModels.map(\.title) == ["New"], "the stale answer is not shown")
    #expect(grid.state == .loaded)
    #expect(grid.revision == revision, "nor published")
    let published = try await firstSnapshot(on: updates) { $0.state == .loaded }
    #expect(published.cellModels.map(\.title) == ["New"])
  }

  @Test func aNewerReloadCancelsTheFetchBeforeItWithoutFailingTheGrid() async {
    playlistAPI.returnPlaylistsWithName("Old")
    let hold = playlistAPI.holdNextCall()
    let grid = playlistsGrid()
    let staleReload = Task { await grid.reload() }
    await hold.waitUntilReached()
    playlistAPI.returnPlaylistsWithName("New")
    await grid.reload()
    await staleReload.value
    await hold.waitUntilFinished()
    #expect(!hold.answeredAfterCancellation)
    #expect(grid.state == .loaded, "the cancelled fetch's error is as stale as its answer")
    #expect(grid.cellModels.map(\.title) == ["New"])
  }

  @Test func cancellingTheReloadCancelsItsFetch() async {
    playlistAPI.returnPlaylistsWithName("Britpop")
    let hold = playlistAPI.holdNextCall()
    let grid = playlistsGrid()
    let reload = Task { await grid.reload() }
    await hold.waitUntilReached()
    reload.cancel()
    await reload.value
    #expect(grid.state == .failed(.playlists(.cancelled)))
    #expect(grid.cellModels.isEmpty)
  }
}
