import Domain
import Foundation
import Presentation
import PresentationTestSupport
import Services
import ServicesTestSupport
import Testing

/// Tracks arriving page by page: the first screen at once, the rest in the background.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct ArtistTableDataSourcePagingTests {
  let page = PageFixture()

  /// 120 varied tracks: titles that repeat in case and accents, ties in popularity and length, some explicit.
  static let tracks: [Track] = (0..<120).map { index in
    let titles = ["Echo", "écho", "ECHO", "Blue", "Zebra", "alpha"]
    return Track.fixture(
      id: Track.ID("t\(index)"), title: "\(titles[index % titles.count]) \(index % 7)",
      duration: Double(60 + (index * 37) % 11 * 30), popularity: (index * 13) % 5,
      releaseDate: Date(timeIntervalSince1970: Double((index * 7) % 9) * 86_400),
      containsExplicitLyrics: index % 9 == 4, artistID: "oasis")
  }

  static let paging = TrackPaging(firstPageSize: 10)

  func makeDataSource(paging: TrackPaging = Self.paging, user: User = .adult) -> ArtistTableDataSource {
    let dataSource = page.makeDataSource(user: user)
    dataSource.trackPaging = paging
    return dataSource
  }

  /// What the page shows once everything arrived, fetched in one page.
  func oneShotRows(sortMode: TrackSortMode = .catalogOrder, user: User = .adult) async -> [ArtistCellModelType] {
    let reference = makeDataSource(paging: TrackPaging(firstPageSize: TrackPageRequest.maximumLimit), user: user)
    reference.sortMode = sortMode
    await reference.reload()
    return reference.cellModels
  }

  @Test func aReloadReturnsWithTheFirstPageAndTheRestArrivesInTheBackground() async throws {
    page.musicAPI.returnTracks(Self.tracks)
    page.playlists.returnPlaylistsWithName("Britpop")
    let held = page.musicAPI.holdTrackPage(startingAt: 10)
    let dataSource = makeDataSource()
    await dataSource.reload()
    #expect(dataSource.cellModels.trackIDs == Self.tracks.prefix(10).map(\.id))
    #expect(dataSource.cellModels.contains { $0.isPlaylist(withName: "Britpop") })
    #expect(dataSource.state == .loaded)
    #expect(dataSource.trackLoading == TrackLoading(loadedCount: 10, totalCount: 120, isInProgress: true))
    #expect(dataSource.snapshot.trackLoading == dataSource.trackLoading)
    await held.waitUntilReached()
    held.release()
    await dataSource.waitUntilLoaded()
    #expect(dataSource.trackLoading == TrackLoading(loadedCount: 120, totalCount: 120, isInProgress: false))
    #expect(dataSource.cellModels == (await oneShotRows()))
    #expect(page.musicAPI.requestedTrackPages.allSatisfy { $0.order == .catalog })
    #expect(page.musicAPI.requestedTrackPages.prefix(3).map(\.limit) == [10, 20, 40], "pages grow")
    // The reload's four pages (the one-shot reference above asked the same mock after them).
    let requests = page.musicAPI.requestedTrackPages.prefix(4)
    #expect(requests.first?.after == nil)
    #expect(
      requests.dropFirst().map(\.after?.position) == requests.dropLast().map { $0.offset + $0.limit - 1 },
      "each later page continues after the last track of the one before")
  }

  @Test func eachPageAskedForSaysHowLongTheNextWillBeSoASourceCanReadItAhead() async throws {
    page.musicAPI.returnTracks((0..<1_000).map { Track.fixture(id: Track.ID("n\($0)"), title: "N \($0)") })
    let dataSource = makeDataSource(paging: TrackPaging(firstPageSize: 50, growthFactor: 3, maximumPageSize: 400))
    await dataSource.reload()
    await dataSource.waitUntilLoaded()
    let requests = page.musicAPI.requestedTrackPages
    #expect(requests.map(\.limit) == [50, 150, 400, 400], "pages grow threefold to the maximum")
    #expect(requests.dropLast().map(\.nextLimit) == requests.dropFirst().map(\.limit))
    #expect(requests.last?.nextLimit == 400)
  }

  @Test func sortingFilteringAndFavouritesWorkWhileTheRestIsHeldAndStayRightAfter() async throws {
    page.musicAPI.returnTracks(Self.tracks)
    let held = page.musicAPI.holdTrackPage(startingAt: 10)
    let dataSource = makeDataSource(user: User(age: 12))
    await dataSource.reload()
    let firstPage = Array(Self.tracks.prefix(10))
    dataSource.sortMode = .alphabeticalDescending
    #expect(
      dataSource.cellModels.trackIDs
        == TrackOrder.titleDescending.sorted(firstPage.filter { !$0.containsExplicitLyrics }).map(\.id))
    let updates = dataSource.updates()
    page.favourites.favouritedTrackIds = ["t7"]
    _ = try await nextSnapshot(updates) { $0.cellModels.first?.isTrack(withId: "t7") == true }
    #expect(dataSource.trackLoading.isInProgress, "the rest is still held")
    held.release()
    await dataSource.waitUntilLoaded()
    #expect(dataSource.cellModels.first?.isTrack(withId: "t7") == true)
    #expect(dataSource.cellModels == (await oneShotRows(sortMode: .alphabeticalDescending, user: User(age: 12))))
  }

  @Test func aDownloadChangingWhileTheRestArrivesShowsOnItsRow() async throws {
    page.musicAPI.returnTracks(Self.tracks)
    let held = page.musicAPI.holdTrackPage(startingAt: 10)
    let dataSource = makeDataSource()
    await dataSource.reload()
    let updates = dataSource.updates()
    page.downloads.setState(.downloaded, for: "t3")
    page.downloads.setState(.downloaded, for: "t50")
    _ = try await nextSnapshot(updates) { $0.cellModels[3].track?.isDownloaded == true }
    held.release()
    await dataSource.waitUntilLoaded()
    let downloaded = dataSource.cellModels.filter { $0.track?.isDownloaded == true }.trackIDs
    #expect(downloaded == ["t3", "t50"])
  }

  @Test func aNewerReloadStopsTheOlderOnesPagesAndShowsItsOwnAnswer() async throws {
    page.musicAPI.returnTracks(Self.tracks)
    let held = page.musicAPI.holdTrackPage(startingAt: 10)
    let dataSource = makeDataSource()
    await dataSource.reload()
    await held.waitUntilReached()
    let newer = Self.tracks.map { track in
      var track = track
      track.title += " (Live)"
      return track
    }
    page.musicAPI.returnTracks(newer)
    await dataSource.reload()
    await dataSource.waitUntilLoaded()
    #expect(dataSource.cellModels.trackTitles == newer.map(\.title))
    #expect(dataSource.state == .loaded)
    #expect(page.musicAPI.requestedTrackPages.filter { $0.offset == 10 }.count == 2, "each reload asked for page 2")
  }

  @Test func aFailingLaterPageKeepsTheRowsShownAndSaysWhy() async throws {
    page.musicAPI.returnTracks(Self.tracks)
    page.musicAPI.failTrackPage(startingAt: 10, with: .unavailable(reason: "the server went away"))
    let dataSource = makeDataSource()
    await dataSource.reload()
    await dataSource.waitUntilLoaded()
    #expect(dataSource.cellModels.trackIDs == Self.tracks.prefix(10).map(\.id))
    #expect(dataSource.state == .failed(.music(.unavailable(reason: "the server went away"))))
    #expect(dataSource.trackLoading == TrackLoading(loadedCount: 10, totalCount: 120, isInProgress: false))
    await dataSource.reload()
    await dataSource.waitUntilLoaded()
    #expect(dataSource.cellModels.count == 120, "the next reload loads everything")
    #expect(dataSource.state == .loaded)
  }

  @Test func aReloadThatAnswersAsBeforeKeepsEveryPagesRowsAndStorage() async throws {
    page.musicAPI.returnTracks(Self.tracks)
    let dataSource = makeDataSource()
    await dataSource.reload()
    await dataSource.waitUntilLoaded()
    let before = try #require(dataSource.sections.first?.rows)
    await dataSource.reload()
    #expect(dataSource.sections.first?.rows.count == 120, "the rows shown stay while the pages are checked")
    await dataSource.waitUntilLoaded()
    let after = try #require(dataSource.sections.first?.rows)
    #expect(after == before)
    #expect(after.isTriviallyIdentical(to: before))
  }

  @Test func aReloadWhoseLaterPageChangedOrShrankShowsTheChange() async throws {
    page.musicAPI.returnTracks(Self.tracks)
    let dataSource = makeDataSource()
    await dataSource.reload()
    await dataSource.waitUntilLoaded()
    var changed = Array(Self.tracks.prefix(100))
    changed[60].title = "Changed"
    page.musicAPI.returnTracks(changed)
    await dataSource.reload()
    await dataSource.waitUntilLoaded()
    #expect(dataSource.cellModels.trackTitles == changed.map(\.title))
    // Sorted by title, the page's title keys follow the change too.
    dataSource.sortMode = .alphabeticalAscending
    changed[30].title = "Also changed"
    page.musicAPI.returnTracks(changed)
    await dataSource.reload()
    await dataSource.waitUntilLoaded()
    #expect(dataSource.cellModels == (await oneShotRows(sortMode: .alphabeticalAscending)))
  }

  @Test func aLargePageIsShownInAFewGrowingBatchesNotOncePerPage() async throws {
    page.musicAPI.returnTracks((0..<20_000).map { Track.fixture(id: Track.ID("l\($0)"), title: "L \($0)") })
    let dataSource = makeDataSource(paging: TrackPaging(firstPageSize: 50, maximumPageSize: 500))
    let updates = dataSource.updates()
    await dataSource.reload()
    await dataSource.waitUntilLoaded()
    #expect(dataSource.cellModels.count == 20_000)
    #expect(page.musicAPI.requestedTrackPages.count > 40)
    var batches: [Int] = []
    for await snapshot in updates {
      if snapshot.state == .loaded { batches.append(snapshot.trackLoading.loadedCount) }
      if !snapshot.trackLoading.isInProgress && snapshot.state == .loaded { break }
    }
    #expect(batches.count <= 12)
    #expect(batches.last == 20_000)
  }

  @Test func aPageDroppedWhileItsTracksArriveIsReleased() async throws {
    page.musicAPI.returnTracks(Self.tracks)
    let held = page.musicAPI.holdTrackPage(startingAt: 10)
    var dataSource: ArtistTableDataSource? = makeDataSource()
    let updates = try #require(dataSource).updates()
    await dataSource?.reload()
    await held.waitUntilReached()
    dataSource = nil
    // The stream ends when the data source is deinitialised: its background paging did not keep it alive.
    for await _ in updates {}
    held.release()
  }

  @Test func waitingWithNothingLoadingReturnsAtOnce() async {
    let dataSource = makeDataSource()
    await dataSource.waitUntilLoaded()
    #expect(dataSource.trackLoading == .idle)
  }

  @Test func anUnknownArtistFailsTheReload() async {
    page.musicAPI.returnArtists([.fixture(id: "blur", name: "Blur")])
    let dataSource = makeDataSource()
    await dataSource.reload()
    #expect(dataSource.state == .failed(.music(.artistNotFound("oasis"))))
  }
}
