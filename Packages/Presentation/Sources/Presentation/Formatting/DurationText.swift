import Foundation

/// Formats durations the way track rows show them: "0:42", "3:45", "1:02:03".
///
/// The first piece of the presentation layer; the artist page data source arrives with its own issue.
public enum DurationText {
  /// The duration as minutes and seconds, with hours when it lasts an hour or more.
  ///
  /// Negative and non-finite durations show as "0:00". Seconds are truncated, as players show elapsed time.
  public static func string(from duration: TimeInterval) -> String {
    guard duration.isFinite, duration > 0 else { return "0:00" }
    // Past a million hours a duration is a data error; show the cap rather than trap on overflow.
    let total = Int(min(duration, 3_600_000_000))
    let hours = total / 3600
    let minutes = total % 3600 / 60
    let seconds = total % 60
    let paddedSeconds = seconds < 10 ? "0\(seconds)" : "\(seconds)"
    if hours > 0 {
      let paddedMinutes = minutes < 10 ? "0\(minutes)" : "\(minutes)"
      return "\(hours):\(paddedMinutes):\(paddedSeconds)"
    }
    return "\(minutes):\(paddedSeconds)"
  }
}
