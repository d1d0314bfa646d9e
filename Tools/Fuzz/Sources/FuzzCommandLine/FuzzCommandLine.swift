import FuzzTargets

/// libFuzzer's entry point: runs one input through the REPL (see ``CommandLineFuzzer``).
///
/// libFuzzer calls it on the driver's thread while the main thread serves the main queue, so the session's
/// main-actor async work runs to completion before the next input.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = FuzzDriver.bytes(data, size)
  FuzzDriver.runOnMainActor { await CommandLineFuzzer.run(bytes) }
  return 0
}

@main
enum FuzzCommandLine {
  static func main() {
    FuzzDriver.main(testOneInput, on: .background)
  }
}
