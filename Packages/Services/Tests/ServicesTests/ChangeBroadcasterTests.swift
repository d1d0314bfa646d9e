import Services
import ServicesTestSupport
import Testing

@Suite(.timeLimit(.minutes(5))) struct ChangeBroadcasterTests {
  @Test func aSubscriberThatStartsIteratingLateStillGetsEveryChangeSentAfterItSubscribed() async {
    let broadcaster = ChangeBroadcaster<Int>()
    broadcaster.send(0)
    let stream = broadcaster.stream()
    for value in 1...100 { broadcaster.send(value) }
    broadcaster.finish()
    var received: [Int] = []
    for await value in stream { received.append(value) }
    #expect(received == Array(1...100))
  }

  @Test func everySubscriberSeesChangesFromManyTasksInTheSameOrder() async {
    let broadcaster = ChangeBroadcaster<Int>()
    let first = broadcaster.stream()
    let second = broadcaster.stream()
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<8 {
        group.addTask {
          for value in 0..<50 { broadcaster.send(task * 1000 + value) }
        }
      }
    }
    broadcaster.finish()
    var firstValues: [Int] = []
    for await value in first { firstValues.append(value) }
    var secondValues: [Int] = []
    for await value in second { secondValues.append(value) }
    #expect(firstValues.count == 400)
    #expect(firstValues == secondValues)
  }

  @Test func aStreamObtainedAfterFinishingIsAlreadyFinished() async {
    let broadcaster = ChangeBroadcaster<String>()
    broadcaster.finish()
    broadcaster.send("lost")
    var received: [String] = []
    for await value in broadcaster.stream() { received.append(value) }
    #expect(received.isEmpty)
    #expect(broadcaster.subscriberCount == 0)
  }
}

@Suite(.timeLimit(.minutes(5))) struct ChangeBroadcasterSubscriptionTests {
  @Test func aSubscriberWhoseTaskIsCancelledIsForgotten() async {
    let broadcaster = ChangeBroadcaster<Int>()
    let stream = broadcaster.stream()
    #expect(broadcaster.subscriberCount == 1)
    let listener = Task {
      for await _ in stream {}
    }
    listener.cancel()
    await listener.value
    #expect(broadcaster.subscriberCount == 0)
  }
}
