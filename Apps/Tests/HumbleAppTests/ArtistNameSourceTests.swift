import Domain
import HumbleApp
import Services
import ServicesTestSupport
import Synchronization
import Testing

@Suite struct ArtistNameSourceTests {
  let musicAPI = MockMusicAPI()

  init() {
    musicAPI.returnArtists([.fixture(id: "aurora", name: "Aurora Vale"), .fixture(id: "helene", name: "Hélène")])
  }

  /// Waits for ``ArtistNameSource/whenSettled(_:)`` to call back.
  func settled(_ source: ArtistNameSource) async {
    await withCheckedContinuation { continuation in source.whenSettled { continuation.resume() } }
  }

  @Test func aTabBeforeTheNamesArriveIsToldWhenTheyDoRatherThanSeeingNone() async {
    let hold = musicAPI.holdNextCall(to: .artists)
    let source = ArtistNameSource(musicAPI: musicAPI)
    #expect(source.names == .notLoaded)
    source.startLoading()
    await hold.waitUntilReached()
    #expect(source.names == .loading)
    let told = Mutex(false)
    source.whenSettled { told.withLock { $0 = true } }
    #expect(!told.withLock { $0 }, "nothing settles while the catalog has not answered")
    hold.release()
    await settled(source)
    #expect(told.withLock { $0 })
    #expect(source.names == .loaded(["Aurora Vale", "Hélène"]))
  }

  @Test func aLoadUnderWayIsNotStartedTwiceAndLoadedNamesAreNotAskedAgain() async {
    let hold = musicAPI.holdNextCall(to: .artists)
    let source = ArtistNameSource(musicAPI: musicAPI)
    source.startLoading()
    source.startLoading()
    await hold.waitUntilReached()
    hold.release()
    await settled(source)
    source.startLoading()
    await settled(source)
    #expect(musicAPI.calls.filter { $0 == .allArtists }.count == 1)
  }

  @Test func aFailedLoadSaysWhyAndTheNextTabTriesAgain() async {
    musicAPI.failNextCalls(1, to: .artists, with: .unavailable(reason: "database is locked"))
    let source = ArtistNameSource(musicAPI: musicAPI)
    source.startLoading()
    await settled(source)
    #expect(source.names == .failed(reason: "The music catalog is unavailable: database is locked"))
    source.startLoading()
    await settled(source)
    #expect(source.names == .loaded(["Aurora Vale", "Hélène"]))
  }

  @Test func onlyAnArtistsNameWaitsForTheCatalogsNames() {
    #expect(Completion.completesArtistName(before: "artist "))
    #expect(Completion.completesArtistName(before: "  ARTIST the "))
    #expect(!Completion.completesArtistName(before: ""))
    #expect(!Completion.completesArtistName(before: "sort "))
    #expect(!Completion.completesArtistName(before: "nonsense "))
  }
}
