import Domain
import Services
import ServicesTestSupport
import Testing

@Suite(.timeLimit(.minutes(5))) struct MockDownloadsManagerTests {
  let downloads = MockDownloadsManager()

  @Test func settingDownloadedTrackIdsAnswersQueriesAndAnnouncesEachChange() async {
    let changes = downloads.changes()
    downloads.downloadedTrackIds = ["a", "d"]
    downloads.downloadedTrackIds = ["d"]
    #expect(downloads.hasDownloaded("d"))
    #expect(!downloads.hasDownloaded("a"))
    #expect(downloads.downloadState(of: "a") == .notDownloaded)
    let received = await changes.prefix(3).reduce(into: [DownloadChange]()) { $0.append($1) }
    #expect(
      received == [
        DownloadChange(trackID: "a", state: .downloaded),
        DownloadChange(trackID: "d", state: .downloaded),
        DownloadChange(trackID: "a", state: .notDownloaded),
      ])
  }

  @Test func aStartedDownloadProgressesAndCompletesWhenTheTestSaysSo() async throws {
    let changes = downloads.changes()
    try await downloads.startDownload(of: .fixture(id: "t"))
    downloads.reportProgress(0.5, for: "t")
    downloads.completeDownload(of: "t")
    let received = await changes.prefix(3).reduce(into: [DownloadState]()) { $0.append($1.state) }
    #expect(received == [.downloading(progress: 0), .downloading(progress: 0.5), .downloaded])
    #expect(downloads.startedDownloads == ["t"])
    #expect(downloads.downloadedTrackIds == ["t"])
  }

  @Test func requestsThatMakeNoSenseAreRefusedLikeTheLiveManagerRefusesThem() async throws {
    downloads.downloadedTrackIds = ["done"]
    await #expect(throws: DownloadError.alreadyDownloaded("done")) {
      try await downloads.startDownload(of: .fixture(id: "done"))
    }
    await #expect(throws: DownloadError.notDownloading("idle")) { try await downloads.cancelDownload(of: "idle") }
    await #expect(throws: DownloadError.notDownloaded("idle")) { try await downloads.removeDownload(of: "idle") }
    try await downloads.startDownload(of: .fixture(id: "busy"))
    await #expect(throws: DownloadError.alreadyDownloading("busy")) {
      try await downloads.startDownload(of: .fixture(id: "busy"))
    }
    try await downloads.cancelDownload(of: "busy")
    try await downloads.removeDownload(of: "done")
    #expect(downloads.states.isEmpty)
    #expect(downloads.requests.count == 7)
  }

  @Test func aFailedDownloadKeepsItsReasonAndCanBeRetriedOrRemoved() async throws {
    downloads.failDownload(of: "t", reason: "unreachable")
    #expect(downloads.downloadState(of: "t") == .failed(reason: "unreachable"))
    try await downloads.startDownload(of: .fixture(id: "t"))
    #expect(downloads.downloadState(of: "t") == .downloading(progress: 0))
  }

  @Test func downloadsCanCompleteImmediately() async throws {
    downloads.completesDownloadsImmediately = true
    try await downloads.startDownload(of: .fixture(id: "t"))
    #expect(downloads.hasDownloaded("t"))
  }

  @Test func failingCallsChangeNothing() async {
    downloads.failCalls(with: .storage(reason: "disk full"))
    await #expect(throws: DownloadError.storage(reason: "disk full")) {
      try await downloads.startDownload(of: .fixture(id: "t"))
    }
    #expect(downloads.downloadState(of: "t") == .notDownloaded)
  }

  @Test func mockStateCanBeSetFromManyTasksAtOnce() async {
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<100 {
        group.addTask { downloads.setState(.downloaded, for: Track.ID("t\(index)")) }
      }
    }
    #expect(downloads.downloadedTrackIds.count == 100)
  }
}

@Suite(.timeLimit(.minutes(5))) struct MockFavouritesManagerTests {
  let favourites = MockFavouritesManager()

  @Test func settingFavouritedTrackIdsAnswersQueriesAndAnnouncesEachChange() async {
    let changes = favourites.changes()
    favourites.favouritedTrackIds = ["b", "a"]
    favourites.favouritedTrackIds = []
    #expect(!favourites.isFavourited("a"))
    let received = await changes.prefix(4).reduce(into: [FavouriteChange]()) { $0.append($1) }
    #expect(
      received == [
        FavouriteChange(trackID: "a", isFavourited: true), FavouriteChange(trackID: "b", isFavourited: true),
        FavouriteChange(trackID: "a", isFavourited: false), FavouriteChange(trackID: "b", isFavourited: false),
      ])
  }

  @Test func favouritingRecordsTheRequestAndAnnouncesOnlyRealChanges() async throws {
    let changes = favourites.changes()
    try await favourites.favourite("a")
    try await favourites.favourite("a")
    try await favourites.unfavourite("a")
    #expect(favourites.requests.count == 3)
    let received = await changes.prefix(2).reduce(into: [FavouriteChange]()) { $0.append($1) }
    #expect(received.map(\.isFavourited) == [true, false])
  }

  @Test func heldAnnouncementsArriveInOrderOnceReleasedWhileTheStateChangesAtOnce() async throws {
    let changes = favourites.changes()
    favourites.holdAnnouncements()
    try await favourites.favourite("a")
    try await favourites.unfavourite("a")
    #expect(!favourites.isFavourited("a"))
    #expect(
      favourites.heldAnnouncements == [
        FavouriteChange(trackID: "a", isFavourited: true), FavouriteChange(trackID: "a", isFavourited: false),
      ])
    favourites.releaseHeldAnnouncements()
    #expect(favourites.heldAnnouncements.isEmpty)
    try await favourites.favourite("b")
    let received = await changes.prefix(3).reduce(into: [FavouriteChange]()) { $0.append($1) }
    #expect(
      received == [
        FavouriteChange(trackID: "a", isFavourited: true), FavouriteChange(trackID: "a", isFavourited: false),
        FavouriteChange(trackID: "b", isFavourited: true),
      ])
  }

  @Test func aFailingRequestKeepsThePreviousState() async {
    favourites.favouritedTrackIds = ["a"]
    favourites.failCalls(with: .storage(reason: "read-only"))
    await #expect(throws: FavouritesError.storage(reason: "read-only")) { try await favourites.unfavourite("a") }
    #expect(favourites.isFavourited("a"))
  }
}

@Suite struct MockPlaylistAPITests {
  @Test func playlistsWithNamesAreReturnedAndRequestsRecorded() async throws {
    let api = MockPlaylistAPI()
    api.returnPlaylistsWithName("Britpop Anthems", "Nineties")
    #expect(try await api.playlists(featuring: "oasis").map(\.name) == ["Britpop Anthems", "Nineties"])
    api.failCalls(with: .unavailable(reason: "offline"))
    await #expect(throws: PlaylistAPIError.unavailable(reason: "offline")) {
      try await api.playlists(featuring: "blur")
    }
    #expect(api.requestedArtistIDs == ["oasis", "blur"])
  }
}

@Suite struct FixtureTests {
  @Test func fixturesTakeEveryPropertyWithADefault() {
    let track = Track.fixture(id: "x", containsExplicitLyrics: true)
    #expect(track.id == "x")
    #expect(track.containsExplicitLyrics)
    #expect(track.streamURL.absoluteString == "https://streams.example.com/x.mp3")
    #expect(Artist.fixture(name: "Oasis").name == "Oasis")
    let playlist = Playlist.fixture(id: "p", tracks: [track])
    #expect(playlist.trackIDs == ["x"])
    #expect(playlist.artworkURL.absoluteString == "https://images.example.com/p.jpg")
  }
}
