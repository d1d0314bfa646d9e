import Foundation
import Services
import ServicesTestSupport
import Testing

@Suite(.timeLimit(.minutes(5))) struct MockArtworkLoaderTests {
  let loader = MockArtworkLoader()
  let first = URL(string: "https://images.example.com/first.png")!
  let second = URL(string: "https://images.example.com/second.png")!
  let third = URL(string: "https://images.example.com/third.png")!

  @Test func eachURLGetsItsOwnAnswerAndTheOthersTheAnswerForEveryURL() async throws {
    loader.returnArtwork(.fixture(shade: 1), for: first)
    loader.failCalls(for: second, with: .notAnImage(second, reason: "no PNG signature"))
    #expect(try await loader.artwork(for: first) == .fixture(shade: 1))
    await #expect(throws: ArtworkLoadError.notAnImage(second, reason: "no PNG signature")) {
      try await loader.artwork(for: second)
    }
    await #expect(throws: ArtworkLoadError.notFound(third), "with no answer for every URL, nothing is found") {
      try await loader.artwork(for: third)
    }
    loader.returnArtwork(.fixture(shade: 9))
    #expect(try await loader.artwork(for: third) == .fixture(shade: 9))
    #expect(try await loader.artwork(for: first) == .fixture(shade: 1), "a URL's own answer comes first")
    loader.failCalls(with: .unreachable(third, reason: "refused"))
    await #expect(throws: ArtworkLoadError.unreachable(third, reason: "refused")) {
      try await loader.artwork(for: third)
    }
  }

  @Test func callsAreRecordedInOrderAndCountedPerURL() async {
    for url in [first, second, first] { _ = try? await loader.artwork(for: url) }
    #expect(loader.requestedURLs == [first, second, first])
    #expect(loader.requestCount(for: first) == 2)
    #expect(loader.requestCount(for: third) == 0)
    #expect(loader.cancelledURLs.isEmpty)
  }

  @Test func heldCallsAnswerInTheOrderTheTestReleasesThem() async throws {
    loader.returnArtwork(.fixture(shade: 1), for: first)
    loader.returnArtwork(.fixture(shade: 2), for: second)
    loader.returnArtwork(.fixture(shade: 3), for: third)
    loader.holdCalls()
    let (answers, arrived) = AsyncStream<(URL, Artwork)>.makeStream()
    let calls = [first, second, third].map { url in
      Task { [loader] in
        let artwork = try await loader.artwork(for: url)
        arrived.yield((url, artwork))
      }
    }
    let shades = [first: UInt8(1), second: 2, third: 3]
    var iterator = answers.makeAsyncIterator()
    for url in [third, first, second] {
      await loader.heldCall(for: url).release()
      let answer = await iterator.next()
      #expect(answer?.0 == url, "the call released is the one that answers")
      #expect(answer?.1 == .fixture(shade: shades[url]!))
    }
    for call in calls { try await call.value }
    #expect(loader.cancelledURLs.isEmpty)
  }

  @Test func twoHeldCallsForOneURLAreReleasedOneByOneLatestFirst() async throws {
    loader.returnArtwork(.fixture(shade: 1), for: first)
    loader.holdCalls(for: first)
    let older = Task { [loader, first] in try await loader.artwork(for: first) }
    let olderHold = await loader.heldCall(for: first, at: 0)
    loader.returnArtwork(.fixture(shade: 2), for: first)
    let newer = Task { [loader, first] in try await loader.artwork(for: first) }
    await loader.heldCall(for: first, at: 1).release()
    #expect(try await newer.value == .fixture(shade: 2), "the newer call answers while the older one is held")
    olderHold.release()
    #expect(try await older.value == .fixture(shade: 1), "a held call answers what was set when it was made")
  }

  @Test func holdingOneURLLetsTheOthersAnswerAtOnceAndReleasingItLetsItsCallsGo() async throws {
    loader.returnArtwork(.fixture(shade: 1))
    loader.holdCalls(for: first)
    let held = Task { [loader, first] in try await loader.artwork(for: first) }
    await loader.heldCall(for: first).waitUntilReached()
    #expect(try await loader.artwork(for: second) == .fixture(shade: 1))
    loader.release(first)
    #expect(try await held.value == .fixture(shade: 1))
    loader.stopHoldingCalls()
    #expect(try await loader.artwork(for: first) == .fixture(shade: 1), "no longer held")
  }

  @Test func aHoldForTheNextCallHoldsOnlyThatCall() async throws {
    loader.returnArtwork(.fixture(shade: 1))
    let hold = loader.holdNextCall(for: second)
    #expect(try await loader.artwork(for: first) == .fixture(shade: 1))
    let held = Task { [loader, second] in try await loader.artwork(for: second) }
    await hold.waitUntilReached()
    #expect(try await loader.artwork(for: second) == .fixture(shade: 1), "the hold was for one call")
    hold.release()
    #expect(try await held.value == .fixture(shade: 1))
  }

  @Test func releaseAllLetsEveryHeldCallGo() async throws {
    loader.returnArtwork(.fixture(shade: 1))
    loader.holdCalls()
    let calls = [first, second].map { url in Task { [loader] in try await loader.artwork(for: url) } }
    for url in [first, second] { await loader.heldCall(for: url).waitUntilReached() }
    loader.releaseAll()
    for call in calls { #expect(try await call.value == .fixture(shade: 1)) }
  }
}

@Suite(.timeLimit(.minutes(5))) struct MockArtworkLoaderCancellationTests {
  let loader = MockArtworkLoader()
  let url = URL(string: "https://images.example.com/poster.png")!

  @Test func aHeldCallWhoseTaskIsCancelledThrowsCancelledAndIsRecorded() async {
    loader.returnArtwork(.fixture())
    loader.holdCalls()
    let call = Task { [loader, url] in try await loader.artwork(for: url) }
    let hold = await loader.heldCall(for: url)
    await hold.waitUntilReached()
    call.cancel()
    await #expect(throws: ArtworkLoadError.cancelled) { try await call.value }
    await hold.waitUntilFinished()
    #expect(loader.cancelledURLs == [url])
    #expect(loader.requestedURLs == [url])
  }

  @Test func aCancelledHeldCallIsRecordedBeforeItsHoldSaysItFinished() async {
    loader.returnArtwork(.fixture())
    loader.holdCalls()
    let call = Task { [loader, url] in try await loader.artwork(for: url) }
    let hold = await loader.heldCall(for: url)
    await hold.waitUntilReached()
    call.cancel()
    await hold.waitUntilFinished()
    #expect(loader.cancelledURLs == [url])
    _ = await call.result
  }

  @Test func aCallWhoseTaskIsCancelledBeforeItReachesItsHoldThrowsCancelledWithoutARelease() async {
    loader.returnArtwork(.fixture())
    loader.holdCalls()
    let (started, start) = AsyncStream<Void>.makeStream()
    let call = Task { [loader, url] in
      // Waits for the test's cancellation before it asks: its task is cancelled when it reaches the hold.
      for await _ in started {}
      return try await loader.artwork(for: url)
    }
    call.cancel()
    start.finish()
    await #expect(throws: ArtworkLoadError.cancelled) { try await call.value }
    #expect(loader.cancelledURLs == [url])
  }

  @Test func aReleasedCallIsNotCancelledByALaterCancellation() async throws {
    loader.returnArtwork(.fixture(shade: 4))
    let hold = loader.holdNextCall()
    let call = Task { [loader, url] in try await loader.artwork(for: url) }
    await hold.waitUntilReached()
    hold.release()
    await hold.waitUntilFinished()
    call.cancel()
    #expect(try await call.value == .fixture(shade: 4))
    #expect(loader.cancelledURLs.isEmpty)
  }
}

@Suite(.timeLimit(.minutes(5))) struct UnimplementedArtworkLoaderTests {
  let url = URL(string: "https://images.example.com/poster.png")!

  @Test func aCallForAURLTheTestDidNotSetUpFailsTheTestAndThrows() async {
    let loader = MockArtworkLoader.unimplemented()
    loader.returnArtwork(.fixture(), for: URL(string: "https://images.example.com/other.png")!)
    await withKnownIssue {
      await #expect(
        throws: ArtworkLoadError.unreachable(url, reason: "artwork(for: \(url)) was not set up in this test")
      ) {
        try await loader.artwork(for: url)
      }
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains("MockArtworkLoader received artwork(for: https://images.example.com/poster.png)")
      }
    }
    #expect(loader.requestedURLs == [url], "the call is recorded all the same")
  }

  @Test func aHoldDoesNotSetAURLUp() async {
    let loader = MockArtworkLoader.unimplemented()
    loader.holdCalls()
    await withKnownIssue {
      _ = try? await loader.artwork(for: url)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("MockArtworkLoader received artwork(for:") }
    }
  }

  @Test func aURLSetUpAnswersWithoutAnIssue() async throws {
    let loader = MockArtworkLoader.unimplemented()
    loader.returnArtwork(.fixture(shade: 2), for: url)
    #expect(try await loader.artwork(for: url) == .fixture(shade: 2))
    let every = MockArtworkLoader.unimplemented()
    every.failCalls(with: .notFound(url))
    await #expect(throws: ArtworkLoadError.notFound(url)) { try await every.artwork(for: url) }
  }

  @Test func expectingCallsAnswersNotFoundWithoutAnIssue() async {
    let loader = MockArtworkLoader.unimplemented()
    loader.expectCalls()
    await #expect(throws: ArtworkLoadError.notFound(url)) { try await loader.artwork(for: url) }
  }
}
