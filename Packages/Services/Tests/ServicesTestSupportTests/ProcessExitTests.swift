import Foundation
import ServicesTestSupport
import Testing

#if os(Linux) || os(macOS)
  /// Waiting for a child process and running blocking work off the threads tests share.
  @Suite(.timeLimit(.minutes(5))) struct ProcessExitTests {
    func shell(_ script: String) -> Process {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", script]
      return process
    }

    @Test func theExitStatusIsAnsweredToATaskAndToABlockedThread() async throws {
      let exit = try ProcessExit.run(shell("exit 3"))
      #expect(await exit.status() == 3)
      #expect(exit.waitForStatus() == 3, "asked again, after the end")
      let blocking = try ProcessExit.run(shell("exit 4"))
      #expect(await OwnThread.run { blocking.waitForStatus() } == 4)
    }

    @Test func aProcessEndedByASignalAnswersTheSignal() async throws {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/cat")
      let input = Pipe()
      process.standardInput = input
      let exit = try ProcessExit.run(process)
      // `cat` blocks reading its input, which stays open: it is running when the signal arrives.
      kill(process.processIdentifier, SIGKILL)
      #expect(await exit.status() == SIGKILL)
      #expect(process.terminationReason == .uncaughtSignal)
      try input.fileHandleForWriting.close()
    }

    @Test func blockingWorkRunsOnThreadsOfItsOwnAndItsErrorReachesTheTask() async throws {
      // Sixteen pieces of work that each block until all sixteen are running: more than Swift concurrency's
      // shared threads (one per core), so this finishes only if each runs on a thread of its own.
      let barrier = Barrier(count: 16)
      let finished = await withTaskGroup(of: Int.self) { group in
        for index in 0..<16 { group.addTask { await OwnThread.run { barrier.arriveAndWait() ? index : -1 } } }
        return await group.reduce(into: []) { $0.append($1) }.sorted()
      }
      #expect(finished == Array(0..<16))
      struct Refused: Error, Equatable {}
      await #expect(throws: Refused()) {
        try await OwnThread.run { () throws -> Int in throw Refused() }
      }
    }
  }
#endif

/// Blocks each arriving thread until `count` have arrived.
private final class Barrier: @unchecked Sendable {
  // @unchecked: `arrived` is only touched with `condition` locked.
  private let condition = NSCondition()
  private var arrived = 0
  private let count: Int

  init(count: Int) { self.count = count }

  func arriveAndWait() -> Bool {
    condition.withLock {
      arrived += 1
      condition.broadcast()
      while arrived < count { condition.wait() }
      return true
    }
  }
}
