import Testing

@testable import HumbleApp

/// The `wait` command's wait for downloads: it ends when they finish, or at once when Ctrl-C cancels it.
@Suite(.timeLimit(.minutes(5))) struct CancellableWaitTests {
  @Test func theWaitEndsWhenTheWorkFinishes() async {
    #expect(await CancellableWait.until {})
  }

  @Test func cancellingTheWaiterEndsTheWaitAtOnceAndLeavesTheWorkRunning() async {
    let (started, startedSignal) = AsyncStream.makeStream(of: Void.self)
    let (release, releaseSignal) = AsyncStream.makeStream(of: Void.self)
    let (finished, finishedSignal) = AsyncStream.makeStream(of: Void.self)
    let waiter = Task {
      await CancellableWait.until {
        startedSignal.yield()
        // Work that does not stop when cancelled: it waits for the test to release it.
        for await _ in release { break }
        finishedSignal.yield()
      }
    }
    for await _ in started { break }
    waiter.cancel()
    #expect(await waiter.value == false, "the wait ended while the work was still held")
    releaseSignal.yield()
    for await _ in finished { break }
  }

  @Test func aWaiterCancelledBeforeItWaitsEndsAtOnce() async {
    let (release, releaseSignal) = AsyncStream.makeStream(of: Void.self)
    let waiter = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await CancellableWait.until {
        for await _ in release { break }
      }
    }
    #expect(await waiter.value == false)
    releaseSignal.yield()
  }
}
