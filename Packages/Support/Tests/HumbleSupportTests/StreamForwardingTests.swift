import HumbleSupport
import Testing

@Suite(.timeLimit(.minutes(5)))
struct StreamForwardingTests {
  @Test func elementsArriveTransformedInOrderAndLeftOutWhenMappedToNil() async {
    let (source, input) = AsyncStream.makeStream(of: Int.self)
    let forwarded = source.forwarded { $0.isMultiple(of: 2) ? "even \($0)" : nil }
    for number in 1...5 { input.yield(number) }
    input.finish()
    var received: [String] = []
    for await text in forwarded { received.append(text) }
    #expect(received == ["even 2", "even 4"])
  }

  @Test func forwardingIntoAContinuationFinishesItWhenTheSourceEnds() async {
    let (source, input) = AsyncStream.makeStream(of: Int.self)
    let (target, output) = AsyncStream.makeStream(of: Int.self)
    source.forward(to: output) { $0 * 10 }
    input.yield(1)
    input.finish()
    var received: [Int] = []
    for await number in target { received.append(number) }
    #expect(received == [10])
  }

  @Test func aListenerThatGoesAwayStopsTheForwarding() async {
    let (source, input) = AsyncStream.makeStream(of: Int.self)
    let (stopped, stoppedSignal) = AsyncStream.makeStream(of: Void.self)
    input.onTermination = { _ in stoppedSignal.yield() }
    var forwarded: AsyncStream<Int>? = source.forwarded { $0 }
    _ = forwarded
    forwarded = nil
    for await _ in stopped { break }
  }
}
