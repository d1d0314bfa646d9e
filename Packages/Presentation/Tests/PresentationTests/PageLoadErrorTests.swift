import Domain
import Presentation
import Services
import ServicesTestSupport
import Testing

/// A failed page keeps its cause as a case to switch on, and words it in the one line a screen shows.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct PageLoadErrorTests {
  let page = PageFixture()

  private struct SourceDown: Error, CustomStringConvertible {
    var description: String { "the list is gone" }
  }

  @Test(arguments: [
    (PageLoadError.music(.artistNotFound("oasis")), "No artist with ID 'oasis' in the catalog."),
    (PageLoadError.music(.unavailable(reason: "offline")), "The music catalog is unavailable: offline"),
    (PageLoadError.playlists(.playlistNotFound("p")), "No playlist with ID 'p' in the catalog."),
    (PageLoadError.playlists(.unreachable(reason: "no network")), "Playlists are unavailable: no network"),
    (PageLoadError.timedOut(after: .milliseconds(50)), "The music catalog did not answer: timed out after 0.05 s."),
    (PageLoadError.timedOut(after: .seconds(2)), "The music catalog did not answer: timed out after 2 s."),
    (PageLoadError.source(reason: "the list is gone"), "the list is gone"),
  ])
  func eachCauseIsWordedInOneLine(error: PageLoadError, message: String) {
    #expect(error.description == message)
  }

  @Test func aSourceOfItsOwnThatFailsKeepsItsErrorsWords() async {
    let dataSource = ArtistTableDataSource(
      source: .list { throw SourceDown() }, downloadsManager: page.downloads, favouritesManager: page.favourites,
      formatting: .englishUTC)
    await dataSource.reload()
    #expect(dataSource.state == .failed(.source(reason: "the list is gone")))
  }

  @Test func aFailedPageSaysWhichServiceFailed() async {
    page.musicAPI.returnTracksWithIds(["a"])
    page.playlists.failCalls(with: .unreachable(reason: "server at http://h refused the connection"))
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    guard case .failed(.playlists(.unreachable)) = dataSource.state else {
      Issue.record("expected the playlists to be unreachable, got \(dataSource.state)")
      return
    }
  }
}
