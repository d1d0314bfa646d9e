import Testing

@testable import ServicesRemote

struct FeedStateBroadcasterTests {
  /// Everything `stream` holds, once it has ended.
  private func collect(_ stream: AsyncStream<FeedState>) async -> [FeedState] {
    var states: [FeedState] = []
    for await state in stream { states.append(state) }
    return states
  }

  @Test func aSubscriberStartsWithTheStateNowThenHearsEveryLaterOne() async {
    let broadcaster = FeedStateBroadcaster()
    broadcaster.send(.disconnected(reason: "gone"))
    let stream = broadcaster.stream()
    broadcaster.send(.connecting)
    broadcaster.send(.connected(version: 3))
    broadcaster.send(.closed)
    #expect(
      await collect(stream) == [.disconnected(reason: "gone"), .connecting, .connected(version: 3), .closed])
  }

  @Test func closedIsFinalAndEndsEveryStream() async {
    let broadcaster = FeedStateBroadcaster()
    let first = broadcaster.stream()
    let second = broadcaster.stream()
    broadcaster.send(.closed)
    broadcaster.send(.connecting)
    #expect(broadcaster.current == .closed)
    #expect(await collect(first) == [.connecting, .closed])
    #expect(await collect(second) == [.connecting, .closed])
  }

  @Test func aSubscriberAfterClosingGetsClosedAndTheEnd() async {
    let broadcaster = FeedStateBroadcaster()
    broadcaster.send(.closed)
    #expect(await collect(broadcaster.stream()) == [.closed])
  }
}
