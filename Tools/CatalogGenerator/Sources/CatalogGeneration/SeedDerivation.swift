import SeededRandomness

/// Derives independent generators from the catalog's seed, one per thing generated, so that each artist,
/// track or playlist depends only on the seed and its own position.
enum SeedDerivation {
  /// What a derived generator is for; part of the derivation, so that artist 3 and track 3 differ.
  enum Purpose: UInt64 {
    case artist = 1
    case track = 2
    case relatedArtists = 3
    case playlist = 4
  }

  /// A generator for the thing at `position` (and `subposition`) generated for `purpose`.
  static func random(seed: UInt64, _ purpose: Purpose, _ position: Int, _ subposition: Int = 0) -> SeededRandom {
    let forPurpose = mix(seed, purpose.rawValue &* 0xD6E8_FEB8_6659_FD93)
    let forPosition = mix(forPurpose, UInt64(truncatingIfNeeded: position))
    return SeededRandom(seed: mix(forPosition, UInt64(truncatingIfNeeded: subposition)))
  }

  /// One SplitMix64 step over both values: a small change in either changes every bit of the result.
  private static func mix(_ state: UInt64, _ value: UInt64) -> UInt64 {
    var random = SeededRandom(seed: state ^ value)
    return random.next()
  }
}
