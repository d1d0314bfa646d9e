/// The cover's random choices: SplitMix64 seeded by the identifier's FNV-1a hash.
///
/// Not the workspace's `SeededRandomness`, for two reasons: `Services` will depend on this package (its live loader
/// decodes with `PNGCodec`), which must then depend on no package of the workspace; and every cover ever served must
/// stay the same, so the mapping from random bits to a range is this type's own, not the standard library's
/// `Int.random(in:using:)`, whose algorithm a new Swift may change.
struct CoverRandom {
  private var state: UInt64

  /// The generator for `identifier`: the same identifier, the same choices, on every machine and in every run.
  init(identifier: String) {
    // FNV-1a, 64 bits: unlike `Hasher`, the same in every process.
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in identifier.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    state = hash
  }

  /// The next 64 random bits (SplitMix64).
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }

  /// A number in `range`: the high word of the bits times the range's size, so each value is (nearly) as likely.
  mutating func next(in range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next().multipliedFullWidth(by: UInt64(range.count)).high)
  }

  /// One of `choices`.
  mutating func element<Element>(of choices: [Element]) -> Element {
    choices[next(in: 0...choices.count - 1)]
  }

  /// True about `percent` times in a hundred.
  mutating func chance(percent: Int) -> Bool {
    next(in: 0...99) < percent
  }
}
