import Domain
import Presentation
import Services
import ServicesTestSupport
import Testing

/// A track row's actions as values: what each cell model offers, and what performing one does to the page.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct TrackActionTests {
  let page = PageFixture()

  @Test func eachActionHasTheTitleItsEditActionShowsAndIsFoundByItIgnoringCase() {
    #expect(
      TrackAction.allCases.map(\.title) == [
        "Download", "Cancel Download", "Remove Download", "Favourite", "Unfavourite",
      ])
    for action in TrackAction.allCases {
      #expect(TrackAction(title: action.title.uppercased()) == action)
    }
    #expect(TrackAction(title: "Delete") == nil)
    #expect(TrackAction(title: "Download ") == nil)
  }

  @Test(
    "A row offers one download action by its status, then Favourite or Unfavourite",
    arguments: [
      (TrackCellModel.DownloadStatus.notDownloaded, false, [TrackAction.download, .favourite]),
      (.failed(message: "Download failed: gone"), false, [.download, .favourite]),
      (.downloading(percent: 42), true, [.cancelDownload, .unfavourite]),
      (.downloaded, false, [.removeDownload, .favourite]),
      (.downloaded, true, [.removeDownload, .unfavourite]),
    ])
  func actionsFollowTheRowsState(status: TrackCellModel.DownloadStatus, isFavourited: Bool, offered: [TrackAction]) {
    let model = TrackCellModel(
      id: "a", title: "A", duration: "3:00", releaseDate: "1 Jan 2020", isExplicit: false,
      isFavourited: isFavourited, downloadStatus: status)
    #expect(model.actions == offered)
  }

  @Test func performingADownloadStartsItAndThePageShowsItBeforeTheAnnouncementArrives() async throws {
    page.musicAPI.returnTracksWithIds(["a", "b"])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    try await dataSource.perform(.download, onTrackWithID: "b")
    #expect(page.downloads.requests == [.start("b")])
    let row = dataSource.cellModels.compactMap(\.track).first { $0.id == "b" }
    #expect(row?.downloadStatus == .downloading(percent: 0))
    #expect(row?.actions == [.cancelDownload, .favourite])
    try await dataSource.perform(.cancelDownload, onTrackWithID: "b")
    #expect(page.downloads.requests == [.start("b"), .cancel("b")])
    #expect(dataSource.cellModels.compactMap(\.track).first { $0.id == "b" }?.downloadStatus == .notDownloaded)
  }

  @Test func performingAFavouriteShowsItAndPinsTheRowWhileTheAnnouncementIsHeld() async throws {
    page.musicAPI.returnTracksWithIds(["a", "b"])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    page.favourites.holdAnnouncements()
    try await dataSource.perform(.favourite, onTrackWithID: "b")
    #expect(page.favourites.heldAnnouncements.map(\.trackID) == ["b"], "the announcement is still held")
    #expect(dataSource.cellModels.compactMap(\.track).map(\.id) == ["b", "a"])
    #expect(dataSource.cellModels.first?.track?.actions == [.download, .unfavourite])
    #expect(dataSource.snapshot.cellModels.first?.track?.isFavourited == true)
  }

  @Test func anActionTheManagerRefusesThrowsItsOwnErrorAndTheRowStaysAsTheManagerHasIt() async throws {
    page.musicAPI.returnTracksWithIds(["a"])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    let error = await #expect(throws: TrackActionError.self) {
      try await dataSource.perform(.removeDownload, onTrackWithID: "a")
    }
    #expect(error == .download(.notDownloaded("a")))
    #expect(error?.description == DownloadError.notDownloaded("a").description)
    page.favourites.failCalls(with: .storage(reason: "disk full"))
    let favouriteError = await #expect(throws: TrackActionError.self) {
      try await dataSource.perform(.favourite, onTrackWithID: "a")
    }
    #expect(favouriteError == .favourites(.storage(reason: "disk full")))
    #expect(dataSource.cellModels.first?.track?.isFavourited == false)
  }

  @Test func aTrackThatIsNotOnThePageCannotBeDownloaded() async throws {
    page.musicAPI.returnTracksWithIds(["a"])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    let error = await #expect(throws: TrackActionError.self) {
      try await dataSource.perform(.download, onTrackWithID: "gone")
    }
    #expect(error == .trackNotOnPage("gone"))
    #expect(error?.description == "The track 'gone' is not on this page.")
    #expect(page.downloads.requests.isEmpty)
  }

  @Test func aPageWithoutAFavouritesManagerSaysSoWhenAskedToFavourite() async throws {
    page.musicAPI.returnTracksWithIds(["a"])
    let dataSource = ArtistTableDataSource(
      artistID: "oasis", musicAPI: page.musicAPI, downloadsManager: page.downloads, formatting: .englishUTC)
    await dataSource.reload()
    let error = await #expect(throws: TrackActionError.self) {
      try await dataSource.perform(.favourite, onTrackWithID: "a")
    }
    #expect(error == .noFavourites)
    #expect(error?.description == "Favourites are not available on this page.")
  }
}
