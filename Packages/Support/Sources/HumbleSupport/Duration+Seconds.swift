extension Duration {
  /// The duration in seconds, with its fraction.
  public var inSeconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }

  /// The duration in milliseconds, with its fraction.
  public var inMilliseconds: Double {
    Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
  }

  /// The duration in whole nanoseconds (rounded down), for APIs that count in them.
  public var inNanoseconds: Int64 {
    components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
  }

  /// The duration in seconds as people write it: `5 s`, `0.2 s` (at most three decimals).
  public var secondsText: String {
    let seconds = inSeconds
    if seconds.rounded() == seconds { return "\(Int(seconds)) s" }
    return "\((seconds * 1000).rounded() / 1000) s"
  }
}
