import HumbleSupport
import Testing

struct BackoffTests {
  let backoff = Backoff(initial: .milliseconds(100), maximum: .seconds(1), multiplier: 2, jitter: 0.25)

  @Test func eachWaitIsTheMultipleOfTheOneBefore() {
    let waits = (0..<4).map { backoff.delay(forAttempt: $0, random: 0) }
    #expect(waits == [.milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800)])
  }

  @Test(arguments: [4, 10, 64, 65, 1_000, Int.max])
  func aWaitNeverPassesTheMaximumEvenWithJitter(attempt: Int) {
    #expect(backoff.delay(forAttempt: attempt, random: 0) == .seconds(1))
    #expect(backoff.delay(forAttempt: attempt, random: 1) == .seconds(1))
    #expect(backoff.delay(forAttempt: attempt, random: -1) == .milliseconds(750))
  }

  @Test func jitterSpreadsAWaitByItsFractionEitherWay() {
    #expect(backoff.delay(forAttempt: 1, random: -1) == .milliseconds(150))
    #expect(backoff.delay(forAttempt: 1, random: 1) == .milliseconds(250))
    #expect(backoff.delay(forAttempt: 1, random: 0.5) == .milliseconds(225))
  }

  @Test func aRandomValueOutOfRangeIsClamped() {
    #expect(backoff.delay(forAttempt: 1, random: -7) == .milliseconds(150))
    #expect(backoff.delay(forAttempt: 1, random: 7) == .milliseconds(250))
  }

  @Test func randomWaitsStayWithinTheirBounds() {
    for attempt in 0..<8 {
      let low = backoff.delay(forAttempt: attempt, random: -1)
      let high = backoff.delay(forAttempt: attempt, random: 1)
      for _ in 0..<50 {
        let wait = backoff.delay(forAttempt: attempt)
        #expect(low <= wait && wait <= high, "attempt \(attempt): \(wait) outside \(low)...\(high)")
      }
    }
  }

  @Test func aNegativeAttemptWaitsAsTheFirst() {
    #expect(backoff.delay(forAttempt: -3, random: 0) == .milliseconds(100))
  }

  @Test func settingsOutOfRangeAreClamped() {
    let odd = Backoff(initial: .milliseconds(-5), maximum: .milliseconds(-10), multiplier: 0.5, jitter: 3)
    #expect(odd.initial == .zero)
    #expect(odd.maximum == .zero)
    #expect(odd.multiplier == 1)
    #expect(odd.jitter == 1)
    let inverted = Backoff(initial: .seconds(2), maximum: .seconds(1), jitter: -1)
    #expect(inverted.maximum == .seconds(2))
    #expect(inverted.jitter == 0)
    #expect(inverted.delay(forAttempt: 5) == .seconds(2))
  }

  @Test func theDefaultsSuitAPersonAtATerminal() {
    let defaults = Backoff()
    #expect(defaults.delay(forAttempt: 0, random: 0) == .milliseconds(250))
    #expect(defaults.delay(forAttempt: 100, random: 1) == .seconds(30))
  }
}
