import Domain
import Presentation
import PresentationTestSupport
import ServicesTestSupport
import Testing

/// The example of the Presentation documentation's getting-started article, run as written.
@MainActor
@Suite struct GettingStartedTests {
  @Test func favouritesComeFirstAndExplicitTracksAreHiddenFromYoungUsers() async {
    let musicAPI = MockMusicAPI()
    musicAPI.returnTracks([
      .fixture(id: "a", title: "Intro"),
      .fixture(id: "b", title: "Bad Words", containsExplicitLyrics: true),
      .fixture(id: "c", title: "Closer"),
    ])
    let page = ArtistTableDataSource(
      artistID: "oasis", musicAPI: musicAPI, downloadsManager: MockDownloadsManager(),
      favouritesManager: MockFavouritesManager(favouritedTrackIds: ["c"]), user: User(age: 12))

    await page.reload()

    #expect(page.cellModels.trackIDs == ["c", "a"])
    #expect(page.cellModels[0].track?.isFavourited == true)
  }
}
