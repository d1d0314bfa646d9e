import HumbleSupport
import Testing

struct LockedTests {
  @Test func changesMadeUnderTheLockFromManyTasksAllCount() async {
    let counter = Locked(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 { group.addTask { for _ in 0..<1000 { counter.withLock { $0 += 1 } } } }
    }
    #expect(counter.withLock { $0 } == 8000)
  }

  @Test func anErrorThrownUnderTheLockReachesTheCallerWithItsType() {
    struct Refused: Error {}
    let value = Locked("kept")
    #expect(throws: Refused.self) { try value.withLock { _ throws(Refused) in throw Refused() } }
    #expect(value.withLock { $0 } == "kept")
  }
}
