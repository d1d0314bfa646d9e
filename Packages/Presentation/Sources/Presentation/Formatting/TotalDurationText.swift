import Foundation

/// Formats a total listening time as people say it: "45 min", "1 hr 32 min", "3 hr".
public enum TotalDurationText {
  /// The duration in whole minutes (rounded), with hours from 60 minutes on; under a minute is "< 1 min".
  public static func string(from duration: TimeInterval) -> String {
    guard duration.isFinite, duration > 0 else { return "0 min" }
    let minutes = Int(min((duration / 60).rounded(), 60_000_000))
    guard minutes > 0 else { return "< 1 min" }
    let hours = minutes / 60
    let rest = minutes % 60
    switch (hours, rest) {
    case (0, _): return "\(rest) min"
    case (_, 0): return "\(hours) hr"
    default: return "\(hours) hr \(rest) min"
    }
  }
}

/// Formats counts with their noun: "1 track", "24 tracks".
public enum CountText {
  /// The count and the noun, pluralised with "s" unless the count is one.
  public static func string(_ count: Int, _ noun: String) -> String {
    count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
  }
}
