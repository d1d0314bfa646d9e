import Foundation
@_spi(Testing) import HumbleApp
import Presentation
import Services
import ServicesTestSupport
import Testing

/// A poster cell on its own: it asks when configured, shows the placeholder until the answer, shows a failure in one
/// line, and cancels its load when it is reused or bound to another poster.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct PosterCellTests {
  let loader = MockArtworkLoader.unimplemented()

  @Test func aConfiguredCellShowsThePlaceholderUntilTheArtworkArrives() async {
    let artwork = Artwork.fixture(shade: 7)
    loader.returnArtwork(artwork, for: PosterFixtures.url(1))
    loader.holdCalls()
    let cell = PosterCell(frame: .zero)
    var changes: [PosterArtworkState] = []
    cell.onArtworkChange = { changes.append($0.artworkState) }
    cell.configure(with: PosterFixtures.poster(1), loader: loader)
    #expect(cell.artworkState == .loading(PosterFixtures.url(1)))
    let hold = await loader.heldCall(for: PosterFixtures.url(1))
    await hold.waitUntilReached()
    #expect(cell.artworkState == .loading(PosterFixtures.url(1)), "nothing lands before the answer")
    hold.release()
    await cell.waitUntilLoadEnds()
    #expect(cell.artworkState == .shown(PosterFixtures.url(1), artwork))
    #expect(changes == [.shown(PosterFixtures.url(1), artwork)])
    #expect(loader.requestedURLs == [PosterFixtures.url(1)])
  }

  @Test func aPosterWithoutArtworkKeepsThePlaceholderAndAsksNothing() async {
    let cell = PosterCell(frame: .zero)
    cell.configure(with: PosterFixtures.poster(1, artwork: .some(nil)), loader: loader)
    await cell.waitUntilLoadEnds()
    #expect(cell.artworkState == .placeholder)
    #expect(loader.requestedURLs.isEmpty)
  }

  @Test func aFailureShowsThePlaceholderWithItsReasonInOneLine() async {
    let url = PosterFixtures.url(2)
    loader.failCalls(for: url, with: .notAnImage(url, reason: "the PNG signature is missing\nat byte 0"))
    let cell = PosterCell(frame: .zero)
    cell.configure(with: PosterFixtures.poster(2), loader: loader)
    await cell.waitUntilLoadEnds()
    guard case .failed(let failedURL, let reason) = cell.artworkState else {
      Issue.record("the cell shows \(cell.artworkState)")
      return
    }
    #expect(failedURL == url)
    #expect(reason == "Artwork at \(url.absoluteString) is not an image: the PNG signature is missing at byte 0")
    #expect(!reason.contains("\n"))
  }

  @Test func reuseCancelsTheLoadAndItsAnswerNeverLands() async {
    loader.returnArtwork(.fixture(shade: 1), for: PosterFixtures.url(1))
    loader.holdCalls()
    let cell = PosterCell(frame: .zero)
    cell.configure(with: PosterFixtures.poster(1), loader: loader)
    let hold = await loader.heldCall(for: PosterFixtures.url(1))
    await hold.waitUntilReached()
    cell.prepareForReuse()
    #expect(cell.artworkState == .placeholder)
    #expect(cell.model == nil)
    await hold.waitUntilFinished()
    #expect(loader.cancelledURLs == [PosterFixtures.url(1)])
    hold.release()
    #expect(cell.artworkState == .placeholder)
  }

  @Test func bindingAnotherPosterCancelsThePreviousLoadAndShowsOnlyTheNewArtwork() async {
    let first = Artwork.fixture(shade: 1)
    let second = Artwork.fixture(shade: 2)
    loader.returnArtwork(first, for: PosterFixtures.url(1))
    loader.returnArtwork(second, for: PosterFixtures.url(2))
    loader.holdCalls()
    let cell = PosterCell(frame: .zero)
    cell.configure(with: PosterFixtures.poster(1), loader: loader)
    let firstHold = await loader.heldCall(for: PosterFixtures.url(1))
    await firstHold.waitUntilReached()
    cell.configure(with: PosterFixtures.poster(2), loader: loader)
    #expect(cell.artworkState == .loading(PosterFixtures.url(2)))
    await firstHold.waitUntilFinished()
    #expect(loader.cancelledURLs == [PosterFixtures.url(1)])
    let secondHold = await loader.heldCall(for: PosterFixtures.url(2))
    secondHold.release()
    await cell.waitUntilLoadEnds()
    #expect(cell.artworkState == .shown(PosterFixtures.url(2), second))
  }

  @Test func reconfiguringTheSamePosterWithTheSameURLKeepsItsArtworkAndAsksNoMore() async {
    let artwork = Artwork.fixture(shade: 3)
    loader.returnArtwork(artwork, for: PosterFixtures.url(1))
    let cell = PosterCell(frame: .zero)
    cell.configure(with: PosterFixtures.poster(1), loader: loader)
    await cell.waitUntilLoadEnds()
    cell.configure(with: PosterFixtures.poster(1, title: "Renamed"), loader: loader)
    #expect(cell.model?.title == "Renamed")
    #expect(cell.artworkState == .shown(PosterFixtures.url(1), artwork))
    #expect(loader.requestCount(for: PosterFixtures.url(1)) == 1)
  }

  @Test func theSamePosterWithAnotherURLLoadsTheNewArtwork() async {
    loader.returnArtwork(.fixture(shade: 1), for: PosterFixtures.url(1))
    loader.returnArtwork(.fixture(shade: 9), for: PosterFixtures.url(9))
    let cell = PosterCell(frame: .zero)
    cell.configure(with: PosterFixtures.poster(1), loader: loader)
    await cell.waitUntilLoadEnds()
    cell.configure(with: PosterFixtures.poster(1, artwork: 9), loader: loader)
    #expect(cell.artworkState == .loading(PosterFixtures.url(9)))
    await cell.waitUntilLoadEnds()
    #expect(cell.artworkState == .shown(PosterFixtures.url(9), .fixture(shade: 9)))
  }
}
