/// A fuzz target's state between steps: made from an input's first bytes, then stepped by the rest, with its
/// invariants checked after every step.
@MainActor
protocol FuzzHarness: AnyObject {
  /// Makes the starting state from the input's first bytes.
  init(_ input: inout FuzzBytes)
  /// Runs one step; returns what it did, for the messages of broken invariants.
  func step(_ input: inout FuzzBytes) -> String
  /// Checks what must hold after every step.
  func check(after step: @autoclosure () -> String)
  /// Writes a line and the state to standard error (when `FUZZ_TRACE` is set).
  func trace(_ line: String)
}

extension FuzzHarness {
  /// Makes a harness from `bytes` and runs their steps (at most `maximumSteps`), checking after each; returns
  /// the harness for the target's last checks.
  static func runSteps(_ bytes: [UInt8], maximumSteps: Int) -> Self {
    var input = FuzzBytes(bytes)
    let harness = Self(&input)
    harness.check(after: "setup")
    var steps = 0
    while !input.isAtEnd, steps < maximumSteps {
      let step = harness.step(&input)
      if TableKitFuzzer.tracing { harness.trace("step \(steps): \(step)") }
      harness.check(after: step)
      steps += 1
    }
    return harness
  }
}
