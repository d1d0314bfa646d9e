import Dispatch
import Foundation

#if FUZZING
  import CLibFuzzer
#endif

/// Runs a fuzz target: under libFuzzer when built with `-DFUZZING` (and `-sanitize=fuzzer`), otherwise as a
/// replayer that runs each file named on the command line (or each file in a named directory) once.
public enum FuzzDriver {
  /// The C entry point every target exports as `LLVMFuzzerTestOneInput`.
  public typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

  /// Where a target's inputs run.
  public enum Thread: Sendable {
    /// On the main thread, synchronously: for targets whose work is synchronous main-actor work.
    case main
    /// On a thread of its own, while the main thread serves the main dispatch queue, so that each input can
    /// run main-actor async work to completion (see ``runOnMainActor(_:)``).
    case background
  }

  /// Runs the target and exits with libFuzzer's status (or 0 once every file replayed).
  public static func main(_ testOneInput: TestOneInput, on thread: Thread) -> Never {
    switch thread {
    case .main:
      exit(drive(testOneInput))
    case .background:
      Foundation.Thread.detachNewThread { exit(drive(testOneInput)) }
      dispatchMain()
    }
  }

  /// Runs `body` on the main actor and waits for it to finish.
  ///
  /// Only for a ``Thread/background`` target: the main thread must be free to serve the main queue.
  public static func runOnMainActor(_ body: @escaping @MainActor @Sendable () async -> Void) {
    let finished = DispatchSemaphore(value: 0)
    Task { @MainActor in
      await body()
      finished.signal()
    }
    finished.wait()
  }

  /// Runs one input of a ``Thread/main`` target, whose `run` takes the buffer's bytes on the main actor.
  ///
  /// libFuzzer calls such a target on the main thread. Returns 0, as libFuzzer expects.
  public static func runOnMainThread(
    _ data: UnsafePointer<UInt8>?, _ size: Int, _ run: @MainActor ([UInt8]) -> Void
  ) -> CInt {
    let bytes = bytes(data, size)
    MainActor.assumeIsolated { run(bytes) }
    return 0
  }

  /// The bytes of a C buffer.
  public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
  }

  private static func drive(_ testOneInput: TestOneInput) -> Int32 {
    #if FUZZING
      var argc = CommandLine.argc
      var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
      return LLVMFuzzerRunDriver(&argc, &argv, testOneInput)
    #else
      return replay(testOneInput)
    #endif
  }

  /// Runs every file named by the arguments (files, or directories of files), in name order.
  private static func replay(_ testOneInput: TestOneInput) -> Int32 {
    let manager = FileManager.default
    var paths: [String] = []
    for argument in CommandLine.arguments.dropFirst() where !argument.hasPrefix("-") {
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: argument, isDirectory: &isDirectory) else {
        FileHandle.standardError.write(Data("error: no file or directory at \(argument)\n".utf8))
        return 1
      }
      if isDirectory.boolValue {
        let names = (try? manager.contentsOfDirectory(atPath: argument)) ?? []
        paths += names.sorted().map { argument + "/" + $0 }
      } else {
        paths.append(argument)
      }
    }
    for path in paths {
      guard let data = manager.contents(atPath: path) else { continue }
      let bytes = [UInt8](data)
      _ = bytes.withUnsafeBufferPointer { testOneInput($0.baseAddress, $0.count) }
    }
    print("replayed \(paths.count) inputs without a crash or a broken invariant")
    return 0
  }
}
