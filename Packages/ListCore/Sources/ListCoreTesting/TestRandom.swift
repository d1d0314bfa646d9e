/// SplitMix64, so that every run of a randomised test explores the same cases and a failure names a seed that
/// reproduces it.
public struct TestRandom: RandomNumberGenerator, Sendable {
  /// The generator's state: the seed, to begin with.
  public var state: UInt64

  /// A generator that starts from a seed.
  public init(state: UInt64) {
    self.state = state
  }

  /// The next value of the sequence.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
