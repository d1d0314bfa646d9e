import Domain
import Presentation
import Services
import ServicesTestSupport
import Synchronization
import Testing

/// Pages that are pages: the same data source over an artist's tracks, a playlist looked up by its identifier,
/// and any list, with everything the artist page does.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct TrackSourceTests {
  let page = PageFixture()

  func playlistPage(_ id: Playlist.ID, user: User = .adult) -> ArtistTableDataSource {
    ArtistTableDataSource(
      source: .playlist(id, playlistAPI: page.playlists), downloadsManager: page.downloads,
      favouritesManager: page.favourites, user: user, formatting: .englishUTC)
  }

  @Test func aPlaylistsPageListsItsTracksInPlayingOrderAndNothingElse() async {
    let tracks: [Track] = [.fixture(id: "b", title: "B"), .fixture(id: "a", title: "A")]
    page.playlists.returnPlaylists([.fixture(id: "p1", name: "Britpop", tracks: tracks)], forArtist: "oasis")
    let dataSource = playlistPage("p1")
    await dataSource.reload()
    #expect(dataSource.state == .loaded)
    #expect(dataSource.sections.map(\.id) == [.tracks])
    #expect(dataSource.cellModels.compactMap(\.track).map(\.id) == ["b", "a"])
    dataSource.sortMode = .alphabeticalAscending
    #expect(dataSource.cellModels.compactMap(\.track).map(\.id) == ["a", "b"])
  }

  @Test func aPlaylistThatNoLongerFeaturesTheArtistItWasOpenedFromStillReloads() async {
    page.playlists.returnPlaylists([.fixture(id: "p1", tracks: [.fixture(id: "a")])], forArtist: "oasis")
    let dataSource = playlistPage("p1")
    await dataSource.reload()
    page.playlists.returnPlaylists([], forArtist: "oasis")
    page.playlists.returnPlaylists(
      [.fixture(id: "p1", tracks: [.fixture(id: "a"), .fixture(id: "c")])], forArtist: "blur")
    await dataSource.reload()
    #expect(dataSource.state == .loaded)
    #expect(dataSource.cellModels.compactMap(\.track).map(\.id) == ["a", "c"])
  }

  @Test func aPlaylistOutageIsNamedAsOneAndADeletedPlaylistAsGone() async {
    page.playlists.returnPlaylists([.fixture(id: "p1", tracks: [.fixture(id: "a")])])
    let dataSource = playlistPage("p1")
    await dataSource.reload()
    page.playlists.failCalls(with: .unavailable(reason: "offline"))
    await dataSource.reload()
    #expect(dataSource.state == .failed(.playlists(.unavailable(reason: "offline"))))
    #expect(dataSource.cellModels.compactMap(\.track).map(\.id) == ["a"], "the rows shown stay")
    page.playlists.stopFailingCalls()
    page.playlists.returnPlaylists([])
    await dataSource.reload()
    #expect(dataSource.state == .failed(.playlists(.playlistNotFound("p1"))))
  }

  @Test func aPlaylistPageHidesExplicitTracksFromAYoungUserAndPinsFavourites() async throws {
    let tracks: [Track] = [.fixture(id: "a"), .fixture(id: "x", containsExplicitLyrics: true), .fixture(id: "f")]
    page.playlists.returnPlaylists([.fixture(id: "p1", tracks: tracks)])
    try await page.favourites.setFavourited(true, trackID: "f")
    let dataSource = playlistPage("p1", user: User(age: 15))
    await dataSource.reload()
    #expect(dataSource.cellModels.compactMap(\.track).map(\.id) == ["f", "a"])
  }

  @Test func aListThatSaysItChangedIsReloadedAndShowsTheNewList() async throws {
    let list = Mutex<[Track]>([.fixture(id: "a")])
    let (changes, announce) = AsyncStream<Void>.makeStream()
    let dataSource = ArtistTableDataSource(
      source: .list(changes: { changes }) { list.withLock { $0 } }, downloadsManager: page.downloads)
    await dataSource.reload()
    #expect(dataSource.cellModels.compactMap(\.track).map(\.id) == ["a"])
    let updates = dataSource.updates()
    list.withLock { $0 = [.fixture(id: "a"), .fixture(id: "b")] }
    announce.yield()
    let shown = try await nextSnapshot(updates) { $0.cellModels.count == 2 }
    #expect(shown.cellModels.compactMap(\.track).map(\.id) == ["a", "b"])
    #expect(dataSource.state == .loaded)
  }
}

/// The favourites' page: a page kind that is one small source.
///
/// Its music API is unimplemented but for the tracks the tests give it: the page asks for tracks and nothing
/// else (no artist, no related artists), or the test fails.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct FavouritesPageTests {
  let page = PageFixture()
  let musicAPI = MockMusicAPI.unimplemented()

  func favouritesPage() -> ArtistTableDataSource {
    ArtistTableDataSource(
      source: .favourites(musicAPI: musicAPI, favouritesManager: page.favourites),
      downloadsManager: page.downloads, favouritesManager: page.favourites, formatting: .englishUTC)
  }

  @Test func itListsEveryFavouriteTheCatalogHoldsAndNothingElse() async throws {
    musicAPI.returnTracks([.fixture(id: "a"), .fixture(id: "b")], forArtist: "oasis")
    musicAPI.returnTracks([.fixture(id: "c")], forArtist: "blur")
    try await page.favourites.setFavourited(true, trackID: "c")
    try await page.favourites.setFavourited(true, trackID: "a")
    try await page.favourites.setFavourited(true, trackID: "removed-from-the-catalog")
    let dataSource = favouritesPage()
    await dataSource.reload()
    #expect(dataSource.sections.map(\.id) == [.tracks])
    #expect(dataSource.cellModels.compactMap(\.track).map(\.id) == ["a", "c"])
    #expect(dataSource.cellModels.compactMap(\.track).allSatisfy { $0.isFavourited })
  }

  @Test func aTrackJoinsThePageWhenFavouritedAndLeavesItWhenUnfavouritedThere() async throws {
    musicAPI.returnTracks([.fixture(id: "a"), .fixture(id: "b")], forArtist: "oasis")
    try await page.favourites.setFavourited(true, trackID: "a")
    let dataSource = favouritesPage()
    await dataSource.reload()
    let updates = dataSource.updates()
    try await page.favourites.setFavourited(true, trackID: "b")
    _ = try await nextSnapshot(updates) { $0.cellModels.count == 2 }
    #expect(dataSource.cellModels.compactMap(\.track).map(\.id) == ["a", "b"])
    try await dataSource.perform(.unfavourite, onTrackWithID: "a")
    _ = try await nextSnapshot(updates) { $0.cellModels.count == 1 }
    #expect(dataSource.cellModels.compactMap(\.track).map(\.id) == ["b"])
    await dataSource.waitUntilLoaded()
    #expect(dataSource.cellModels.compactMap(\.track).map(\.id) == ["b"])
    #expect(dataSource.state == .loaded)
  }

  @Test func anUnfavouritedTrackLeavesThePageAtOnceWhileTheListIsFetchedAgain() async throws {
    musicAPI.returnTracks([.fixture(id: "a"), .fixture(id: "b")], forArtist: "oasis")
    try await page.favourites.setFavourited(true, trackID: "a")
    try await page.favourites.setFavourited(true, trackID: "b")
    let dataSource = favouritesPage()
    await dataSource.reload()
    // The reload the unfavourite causes is held: only the page itself can take the row away.
    let fetch = musicAPI.holdNextCall(to: .tracks)
    try await dataSource.perform(.unfavourite, onTrackWithID: "a")
    #expect(dataSource.cellModels.compactMap(\.track).map(\.id) == ["b"])
    await fetch.waitUntilReached()
    #expect(dataSource.state == .loaded, "the list is fetched again behind the page, which shows no loading")
    fetch.release()
    await dataSource.waitUntilLoaded()
    #expect(dataSource.cellModels.compactMap(\.track).map(\.id) == ["b"])
    #expect(dataSource.state == .loaded)
  }

  @Test func theWritersOwnChangeIsDrawnOnceThoughTheListIsFetchedAgain() async throws {
    musicAPI.returnTracks([.fixture(id: "a"), .fixture(id: "b")], forArtist: "oasis")
    try await page.favourites.setFavourited(true, trackID: "a")
    try await page.favourites.setFavourited(true, trackID: "b")
    let dataSource = favouritesPage()
    await dataSource.reload()
    let before = dataSource.revision
    let fetch = musicAPI.holdNextCall(to: .tracks)
    try await dataSource.perform(.unfavourite, onTrackWithID: "a")
    #expect(dataSource.revision == before + 1, "the page shows the change as it is made")
    // The manager's announcement has reached the page: the list is being fetched again because of it.
    await fetch.waitUntilReached()
    fetch.release()
    await dataSource.waitUntilLoaded()
    #expect(dataSource.cellModels.compactMap(\.track).map(\.id) == ["b"])
    // What the fetch changed is the count of tracks the page holds (the unfavourited one was kept, hidden, until
    // the list said it had gone): one revision, with no row changed and no loading state on the way.
    #expect(dataSource.revision == before + 2)
    #expect(dataSource.changes(since: before + 1) == ArtistPageChanges())
    #expect(dataSource.snapshot.trackLoading == TrackLoading(loadedCount: 1, totalCount: 1, isInProgress: false))
    #expect(dataSource.state == .loaded)
  }

  @Test func aListFetchedAgainThatAnswersOtherwiseIsPublished() async throws {
    musicAPI.returnTracks([.fixture(id: "a"), .fixture(id: "b")], forArtist: "oasis")
    try await page.favourites.setFavourited(true, trackID: "a")
    let dataSource = favouritesPage()
    await dataSource.reload()
    let before = dataSource.revision
    let updates = dataSource.updates()
    // Favourited elsewhere: the page does not hold the track, so only the list fetched again can bring its row.
    page.favourites.favouritedTrackIds.insert("b")
    let snapshot = try await nextSnapshot(updates) { $0.cellModels.count == 2 }
    #expect(snapshot.cellModels.compactMap(\.track).map(\.id) == ["a", "b"])
    #expect(snapshot.state == .loaded)
    #expect(snapshot.revision == before + 1, "no loading state was published before it")
  }

  @Test func aTrackFavouritedAgainBeforeTheListIsFetchedComesBackAtOnce() async throws {
    musicAPI.returnTracks([.fixture(id: "a"), .fixture(id: "b")], forArtist: "oasis")
    try await page.favourites.setFavourited(true, trackID: "a")
    try await page.favourites.setFavourited(true, trackID: "b")
    let dataSource = favouritesPage()
    await dataSource.reload()
    // Both reloads the changes cause are held: only the page itself can take the row away and bring it back.
    let fetches = [musicAPI.holdNextCall(to: .tracks), musicAPI.holdNextCall(to: .tracks)]
    try await dataSource.perform(.unfavourite, onTrackWithID: "a")
    #expect(dataSource.cellModels.compactMap(\.track).map(\.id) == ["b"])
    try await dataSource.perform(.favourite, onTrackWithID: "a")
    #expect(dataSource.cellModels.compactMap(\.track).map(\.id) == ["a", "b"])
    for fetch in fetches { fetch.release() }
    await dataSource.waitUntilLoaded()
    #expect(dataSource.cellModels.compactMap(\.track).map(\.id) == ["a", "b"])
  }
}
