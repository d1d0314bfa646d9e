import Domain
import Foundation
import Presentation
import PresentationTestSupport
import Services
import ServicesTestSupport
import Testing

@MainActor
@Suite(.timeLimit(.minutes(5))) struct ArtistTableDataSourceTests {
  let page = PageFixture()

  @Test func eachTrackShowsWhetherItIsDownloaded() async {
    page.musicAPI.returnTracksWithIds(["a", "b", "c", "d"])
    page.downloads.downloadedTrackIds = ["a", "d"]
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    #expect(dataSource.cellModels.map { $0.track?.isDownloaded } == [true, false, false, true])
    #expect(dataSource.cellModels[0].isTrack(withId: "a"))
    #expect(dataSource.state == .loaded)
  }

  @Test func alphabeticalOrderSortsByTitle() async {
    page.musicAPI.returnTracksWithTitles(["Wonderwall", "Hello", "Supersonic"])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    #expect(dataSource.cellModels.trackTitles == ["Wonderwall", "Hello", "Supersonic"])
    dataSource.sortMode = .alphabeticalAscending
    #expect(dataSource.cellModels.trackTitles == ["Hello", "Supersonic", "Wonderwall"])
    dataSource.sortMode = .alphabeticalDescending
    #expect(dataSource.cellModels.trackTitles == ["Wonderwall", "Supersonic", "Hello"])
    #expect(page.musicAPI.requestedArtistIDs == ["oasis"], "sorting must not fetch again")
  }

  @Test func alphabeticalOrderIgnoresCaseAndAccentsAndComparesNumbersByValue() async {
    page.musicAPI.returnTracksWithTitles(["track 10", "Track 2", "Étude", "echo", "Zebra", "éclair", "Track 1"])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    dataSource.sortMode = .alphabeticalAscending
    #expect(
      dataSource.cellModels.trackTitles == ["echo", "éclair", "Étude", "Track 1", "Track 2", "track 10", "Zebra"])
  }

  @Test func titlesThatCompareEqualKeepTheMusicAPIsOrder() async {
    page.musicAPI.returnTracks([
      .fixture(id: "2", title: "Hello"), .fixture(id: "1", title: "hello"), .fixture(id: "3", title: "HÉLLO"),
    ])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    dataSource.sortMode = .alphabeticalAscending
    #expect(dataSource.cellModels.trackIDs == ["2", "1", "3"])
    dataSource.sortMode = .alphabeticalDescending
    #expect(dataSource.cellModels.trackIDs == ["2", "1", "3"])
  }

  @Test(arguments: [
    (TrackSortMode.mostPopular, ["b", "c", "a"]),
    (.newest, ["c", "a", "b"]),
    (.longest, ["a", "c", "b"]),
    (.shortest, ["b", "c", "a"]),
    (.catalogOrder, ["a", "b", "c"]),
  ])
  func everyOtherSortModeOrdersByItsProperty(mode: TrackSortMode, expected: [Track.ID]) async {
    page.musicAPI.returnTracks([
      .fixture(id: "a", duration: 300, popularity: 10, releaseDate: day(2020, 1, 1)),
      .fixture(id: "b", duration: 100, popularity: 90, releaseDate: day(2010, 1, 1)),
      .fixture(id: "c", duration: 200, popularity: 50, releaseDate: day(2024, 1, 1)),
    ])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    dataSource.sortMode = mode
    #expect(dataSource.cellModels.trackIDs == expected)
  }

  @Test func playlistsComeAfterTracksAndRelatedArtistsLast() async {
    page.musicAPI.returnTracksWithIds(["a", "b"])
    page.playlists.returnPlaylistsWithName("Britpop Anthems")
    page.musicAPI.returnRelatedArtistsWithNames("Blur", "Pulp")
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    let rows = dataSource.cellModels
    #expect(rows.count == 5)
    #expect(rows[0].isTrack(withId: "a") && rows[1].isTrack(withId: "b"))
    #expect(rows[2].isPlaylist(withName: "Britpop Anthems"))
    #expect(rows[3].isRelatedArtist(withName: "Blur") && rows[4].isRelatedArtist(withName: "Pulp"))
    #expect(dataSource.sections.map(\.title) == ["Tracks", "Playlists", "Related Artists"])
    #expect(dataSource.sections.flatMap(\.rows) == rows)
  }

  @Test func emptySectionsAreOmitted() async {
    page.musicAPI.returnRelatedArtistsWithNames("Blur")
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    #expect(dataSource.sections.map(\.id) == [.relatedArtists])
  }

  @Test func favouritesComeFirstEachGroupInTheSortOrder() async {
    page.musicAPI.returnTracksWithTitles(["Wonderwall", "Hello", "Supersonic", "Acquiesce"])
    page.favourites.favouritedTrackIds = ["Wonderwall", "Supersonic"]
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    dataSource.sortMode = .alphabeticalAscending
    #expect(dataSource.cellModels.trackTitles == ["Supersonic", "Wonderwall", "Acquiesce", "Hello"])
    #expect(dataSource.cellModels.map { $0.track?.isFavourited } == [true, true, false, false])
  }

  @Test func aYoungUserNeverSeesExplicitTracksAndAnAdultDoes() async {
    page.musicAPI.returnTracks([.fixture(id: "clean"), .fixture(id: "explicit", containsExplicitLyrics: true)])
    let young = page.makeDataSource(user: User(age: 15))
    await young.reload()
    #expect(young.cellModels.trackIDs == ["clean"])
    let adult = page.makeDataSource(user: User(age: 34))
    await adult.reload()
    #expect(adult.cellModels.trackIDs == ["clean", "explicit"])
    #expect(adult.cellModels[1].track?.isExplicit == true)
    adult.user = User(age: 17)
    #expect(adult.cellModels.trackIDs == ["clean"])
  }

  @Test func durationsAndDatesArePreformatted() async {
    page.musicAPI.returnTracks([
      .fixture(id: "short", duration: 42, releaseDate: day(1995, 10, 2)),
      .fixture(id: "song", duration: 225.9, releaseDate: day(2019, 3, 12)),
      .fixture(id: "set", duration: 3723, releaseDate: day(2001, 12, 31)),
    ])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    #expect(dataSource.cellModels.map { $0.track?.duration } == ["0:42", "3:45", "1:02:03"])
    #expect(dataSource.cellModels.map { $0.track?.releaseDate } == ["2 Oct 1995", "12 Mar 2019", "31 Dec 2001"])
  }

  @Test func aFailedReloadKeepsTheContentItHad() async {
    page.musicAPI.returnTracksWithIds(["a", "b"])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    page.musicAPI.failCalls(with: .unavailable(reason: "offline"))
    await dataSource.reload()
    #expect(dataSource.state == .failed(.music(.unavailable(reason: "offline"))))
    #expect(dataSource.cellModels.trackIDs == ["a", "b"])
  }

  @Test func aStaleReloadNeverReplacesANewerOne() async {
    page.musicAPI.returnTracksWithIds(["old"])
    let dataSource = page.makeDataSource()
    let hold = page.musicAPI.holdNextCall(to: .tracks)
    let first = Task { await dataSource.reload() }
    await hold.waitUntilReached()
    page.musicAPI.returnTracksWithIds(["new"])
    await dataSource.reload()
    #expect(dataSource.cellModels.trackIDs == ["new"])
    hold.release()
    await first.value
    #expect(dataSource.cellModels.trackIDs == ["new"])
    #expect(dataSource.state == .loaded)
  }

  @Test func aFinishingDownloadUpdatesExactlyThatRowWithoutFetchingAgain() async throws {
    page.musicAPI.returnTracksWithIds(["a", "b", "c"])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    let before = dataSource.cellModels
    let updates = dataSource.updates()
    page.downloads.reportProgress(0.425, for: "b")
    let downloading = try await nextSnapshot(updates) { $0.cellModels[1].track?.downloadProgressText == "42%" }
    #expect(downloading.cellModels[1].track?.downloadStatus == .downloading(percent: 42))
    page.downloads.completeDownload(of: "b")
    let done = try await nextSnapshot(updates) { $0.cellModels[1].track?.isDownloaded == true }
    #expect(done.cellModels[0] == before[0])
    #expect(done.cellModels[2] == before[2])
    var expected = before[1].track!
    expected.downloadStatus = .downloaded
    #expect(done.cellModels[1] == .track(expected))
    #expect(page.musicAPI.requestedArtistIDs == ["oasis"])
  }

  @Test func aFailedDownloadShowsItsReason() async throws {
    page.musicAPI.returnTracksWithIds(["a"])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    let updates = dataSource.updates()
    page.downloads.failDownload(of: "a", reason: "host unreachable")
    let failed = try await nextSnapshot(updates) { $0.cellModels.first?.track?.failureText != nil }
    #expect(failed.cellModels.first?.track?.failureText == "Download failed: host unreachable")
  }

  @Test func aFavouriteChangeMovesTheTrackToTheTop() async throws {
    page.musicAPI.returnTracksWithTitles(["A", "B", "C"])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    let updates = dataSource.updates()
    page.favourites.favouritedTrackIds = ["C"]
    let snapshot = try await nextSnapshot(updates) { $0.cellModels.first?.track?.title == "C" }
    #expect(snapshot.cellModels.trackTitles == ["C", "A", "B"])
    #expect(dataSource.cellModels.trackTitles == ["C", "A", "B"])
  }

  @Test func changesMadeRightAfterAReloadReachThePageWithoutAnotherFetch() async throws {
    page.musicAPI.returnTracksWithIds(["a"])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    let updates = dataSource.updates()
    page.downloads.downloadedTrackIds = ["a"]
    page.favourites.favouritedTrackIds = ["a"]
    let snapshot = try await nextSnapshot(updates) {
      $0.cellModels.first?.track?.isDownloaded == true && $0.cellModels.first?.track?.isFavourited == true
    }
    #expect(snapshot.state == .loaded)
    #expect(page.musicAPI.requestedArtistIDs == ["oasis"])
  }

  @Test func lettersWithoutAccentsOfTheirOwnSortWithTheirBaseLetters() async {
    page.musicAPI.returnTracksWithTitles(["Zebra", "Øresund", "Æther", "Łódź", "Apple", "Maße", "Oslo"])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    dataSource.sortMode = .alphabeticalAscending
    #expect(dataSource.cellModels.trackTitles == ["Æther", "Apple", "Łódź", "Maße", "Øresund", "Oslo", "Zebra"])
  }

  @Test func aTrackTheAPIListsTwiceIsUpdatedOnBothRows() async throws {
    page.musicAPI.returnTracks([.fixture(id: "same", title: "One"), .fixture(id: "same", title: "Two")])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    let updates = dataSource.updates()
    page.downloads.completeDownload(of: "same")
    let snapshot = try await nextSnapshot(updates) { $0.cellModels.contains { $0.track?.isDownloaded == true } }
    #expect(snapshot.cellModels.map { $0.track?.isDownloaded } == [true, true])
  }

  @Test func aLateFavouritedAnnouncementDoesNotUndoAnUnfavouriteTheRowShowsAlready() async throws {
    page.musicAPI.returnTracksWithIds(["a", "b"])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    // The manager changes at once; its announcements arrive later, after the page has shown what it performed.
    page.favourites.holdAnnouncements()
    try await dataSource.perform(.favourite, onTrackWithID: "a")
    #expect(dataSource.cellModels.first { $0.isTrack(withId: "a") }?.track?.isFavourited == true)
    try await dataSource.perform(.unfavourite, onTrackWithID: "a")
    #expect(dataSource.cellModels.first { $0.isTrack(withId: "a") }?.track?.isFavourited == false)
    // "b" changes only through its announcement, the last one held: once it shows, the page has read the rest.
    try await page.favourites.setFavourited(true, trackID: "b")
    let updates = dataSource.updates()
    page.favourites.releaseHeldAnnouncements()
    var shownA: [Bool?] = []
    for await snapshot in updates {
      shownA.append(snapshot.cellModels.first { $0.isTrack(withId: "a") }?.track?.isFavourited)
      if snapshot.cellModels.first?.isTrack(withId: "b") == true { break }
    }
    #expect(shownA.allSatisfy { $0 == false }, "\(shownA): the late 'favourited' was shown")
    #expect(dataSource.cellModels.map { $0.track?.isFavourited } == [true, false])
  }

  @Test func aFavouriteChangeForATrackAYoungUserCannotSeePublishesNothing() async throws {
    page.musicAPI.returnTracks([.fixture(id: "clean"), .fixture(id: "explicit", containsExplicitLyrics: true)])
    let dataSource = page.makeDataSource(user: User(age: 12))
    await dataSource.reload()
    let updates = dataSource.updates()
    page.favourites.favouritedTrackIds = ["explicit"]
    page.favourites.favouritedTrackIds = ["explicit", "clean"]
    let snapshot = try await nextSnapshot(updates) { _ in true }
    #expect(snapshot.cellModels.first?.track?.isFavourited == true, "the first snapshot is the visible change")
    dataSource.user = User(age: 30)
    #expect(dataSource.cellModels.trackIDs == ["clean", "explicit"])
    #expect(dataSource.cellModels.map { $0.track?.isFavourited } == [true, true])
  }

  @Test func reloadsArePublishedWithTheirState() async throws {
    page.musicAPI.returnTracksWithIds(["a"])
    let dataSource = page.makeDataSource()
    let updates = dataSource.updates()
    await dataSource.reload()
    var iterator = updates.makeAsyncIterator()
    #expect(await iterator.next()?.state == .loading)
    let loaded = await iterator.next()
    #expect(loaded?.state == .loaded)
    #expect(loaded?.cellModels.trackIDs == ["a"])
  }

  @Test func aReloadThatAnswersAsBeforeKeepsTheRowsAndTheirStorage() async throws {
    page.musicAPI.returnTracksWithIds(["a", "b"])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    let before = try #require(dataSource.sections.first?.rows)
    await dataSource.reload()
    let after = try #require(dataSource.sections.first?.rows)
    #expect(after == before)
    #expect(after.isTriviallyIdentical(to: before))
    #expect(dataSource.state == .loaded)
  }

  @Test func aReloadWhoseAnswerChangedShowsTheChange() async {
    page.musicAPI.returnTracksWithTitles(["One", "Two"])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    page.musicAPI.returnTracksWithTitles(["One", "Two (Live)"])
    await dataSource.reload()
    #expect(dataSource.cellModels.trackTitles == ["One", "Two (Live)"])
  }

  @Test func aReloadShowsADownloadStateTheRowsDoNotShowYet() async {
    page.musicAPI.returnTracksWithIds(["a", "b"])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    page.downloads.setState(.downloaded, for: "b")
    // The reload asks the manager again, whether or not the change has reached the rows by then.
    await dataSource.reload()
    #expect(dataSource.cellModels.map { $0.track?.isDownloaded } == [false, true])
  }
}
