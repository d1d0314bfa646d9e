import HumbleSupport
import Testing

@Suite struct LockedReflectionTests {
  /// A value that cannot be copied, as a broadcaster's subscribers are.
  struct Unique: ~Copyable {
    var count = 0
  }

  /// An object holding one behind a lock, as a downloads manager holds its broadcaster.
  final class Holder: Sendable {
    let lock = Locked(Unique())
    var count: Int { lock.withLock { $0.count } }
  }

  /// Services holding the object, as the live services hold a downloads manager.
  struct Services {
    let holder = Holder()
    func file() -> String? { nil }
  }

  @Test func aFailedExpectationAboutAnObjectHoldingALockReportsInsteadOfTrapping() async {
    let services = Services()
    // Swift Testing reflects `services` to show it, down into the holder; reflecting into the lock's value trapped
    // before Locked reflected as itself (a fresh-clone CI run lost its whole test process to it).
    withKnownIssue {
      _ = try #require(services.file())
    }
    withKnownIssue {
      #expect(services.holder.count == 1)
    }
  }
}
