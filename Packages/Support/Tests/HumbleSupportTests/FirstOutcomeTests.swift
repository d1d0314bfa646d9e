import HumbleSupport
import Testing

@Suite(.timeLimit(.minutes(5)))
struct FirstOutcomeTests {
  @Test func theFirstSettlementWinsAndLaterOnesAreIgnored() async {
    let outcome = FirstOutcome<Int>()
    #expect(outcome.settle(1))
    #expect(!outcome.settle(2))
    #expect(await outcome.value() == 1)
  }

  @Test func everyWaiterGetsTheFirstValueWhetherItWaitedBeforeOrAfter() async {
    let outcome = FirstOutcome<String>()
    async let early = outcome.value()
    async let other = outcome.value()
    outcome.settle("first")
    #expect(await early == "first")
    #expect(await other == "first")
    #expect(await outcome.value() == "first")
  }

  @Test func cleanupRunsOnceSettledAndAtOnceWhenAlreadySettled() {
    let runs = Locked(0)
    let outcome = FirstOutcome<Int>()
    outcome.whenSettled { runs.withLock { $0 += 1 } }
    #expect(runs.withLock { $0 } == 0)
    outcome.settle(1)
    outcome.settle(2)
    #expect(runs.withLock { $0 } == 1)
    outcome.whenSettled { runs.withLock { $0 += 10 } }
    #expect(runs.withLock { $0 } == 11)
  }

  @Test func aRaceAnswersWithTheWorkWhenItAnswersFirst() async {
    let answer = await FirstOutcome<String>.race(
      within: .seconds(600), onTimeout: { "late" }, onCancel: { "gone" }, start: { $0.settle("work") })
    #expect(answer == "work")
  }

  @Test func aRaceAnswersAtTheDeadlineWhenTheWorkNeverDoes() async {
    let answer = await FirstOutcome<String>.race(
      within: .milliseconds(1), onTimeout: { "late" }, onCancel: { "gone" }, start: { _ in })
    #expect(answer == "late")
  }

  @Test func aCancelledCallerIsAnsweredAtOnceWhileTheWorkGoesOn() async {
    let started = FirstOutcome<Void>()
    let waiting = Task {
      await FirstOutcome<String>.race(onCancel: { "cancelled" }, start: { _ in started.settle(()) })
    }
    await started.value()
    waiting.cancel()
    #expect(await waiting.value == "cancelled")
  }

  @Test func runCancelsWorkThatLostToTheDeadline() async {
    struct TimedOut: Error {}
    let workCancelled = FirstOutcome<Void>()
    await #expect(throws: TimedOut.self) {
      try await FirstOutcome.run(
        within: .milliseconds(1), onTimeout: { TimedOut() },
        work: {
          await withTaskCancellationHandler {
            await FirstOutcome<Void>().value()  // never answers by itself
          } onCancel: {
            workCancelled.settle(())
          }
        })
    }
    await workCancelled.value()
  }

  @Test func runAnswersWithTheWorksErrorOrValue() async throws {
    struct Failed: Error {}
    #expect(try await FirstOutcome.run(within: .seconds(600), onTimeout: { Failed() }, work: { 7 }) == 7)
    await #expect(throws: Failed.self) {
      try await FirstOutcome<Result<Int, any Error>>.run(
        within: .seconds(600), onTimeout: { CancellationError() }, work: { throw Failed() })
    }
  }

  @Test func runAnswersACancelledCallerWithCancellationError() async {
    let started = FirstOutcome<Void>()
    let waiting = Task {
      try await FirstOutcome.run(
        within: .seconds(600), onTimeout: { CancellationError() },
        work: {
          started.settle(())
          await FirstOutcome<Void>().value()
        })
    }
    await started.value()
    waiting.cancel()
    await #expect(throws: CancellationError.self) { try await waiting.value }
  }
}
