import Foundation
import HumbleSupport

/// Formats release dates as "12 Mar 2019": day, the locale's short month name, year.
///
/// Foundation's date formatting costs microseconds per date on Linux, and its calendar's `dateComponents`
/// about 0.4 µs, too much for a page of 100,000 tracks each released at its own second. In the Gregorian
/// calendar this formatter asks the time zone for its offset (about 30 ns) and works the day out by arithmetic
/// (``HumbleSupport/CivilDate``); in another calendar, or before the Gregorian calendar began (15 October 1582,
/// when Foundation's reckons in the Julian calendar), it asks the calendar once per distinct release instant.
public struct ReleaseDateText {
  private let formatting: PresentationFormatting
  private let monthNames: [String]
  private let isGregorian: Bool
  private var byInstant: [Int: String] = [:]

  /// Creates a formatter.
  public init(formatting: PresentationFormatting) {
    self.formatting = formatting
    monthNames = formatting.calendar.shortMonthSymbols
    isGregorian = formatting.calendar.identifier == .gregorian
  }

  /// The date as "12 Mar 2019" in the formatting's calendar and time zone.
  public mutating func string(from date: Date) -> String {
    let seconds = date.timeIntervalSince1970
    guard seconds.isFinite, abs(seconds) < 1e14 else { return "" }
    // A day can start up to 14 hours either side of UTC's: clear of the Julian calendar by a day, to be sure.
    if isGregorian, seconds >= CivilDate.foundationGregorianStart + 86_400, monthNames.count == 12 {
      let local = seconds.rounded(.down) + Double(formatting.calendar.timeZone.secondsFromGMT(for: date))
      let (year, month, day) = CivilDate.date(daysSince1970: Int((local / 86_400).rounded(.down)))
      return "\(day) \(monthNames[month - 1]) \(year)"
    }
    // Release dates repeat (an album's tracks share one), so the exact second is a good cache key.
    let key = Int(seconds.rounded(.down))
    if let cached = byInstant[key] { return cached }
    let components = formatting.calendar.dateComponents([.year, .month, .day], from: date)
    let month = components.month.flatMap { monthNames.indices.contains($0 - 1) ? monthNames[$0 - 1] : nil } ?? "?"
    let text = "\(components.day ?? 0) \(month) \(components.year ?? 0)"
    byInstant[key] = text
    return text
  }
}
