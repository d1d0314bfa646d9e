import Foundation

/// Formats release dates as "12 Mar 2019": day, the locale's short month name, year.
///
/// Foundation's date formatting costs microseconds per date on Linux, too much for a page of 100,000
/// tracks. This formatter asks the calendar once per distinct release instant and remembers the answer, so
/// a page pays for its distinct release dates, not its tracks.
public struct ReleaseDateText {
  private let formatting: PresentationFormatting
  private let monthNames: [String]
  private var byInstant: [Int: String] = [:]

  /// Creates a formatter.
  public init(formatting: PresentationFormatting) {
    self.formatting = formatting
    monthNames = formatting.calendar.shortMonthSymbols
  }

  /// The date as "12 Mar 2019" in the formatting's calendar and time zone.
  public mutating func string(from date: Date) -> String {
    let seconds = date.timeIntervalSince1970
    guard seconds.isFinite, abs(seconds) < 1e14 else { return "" }
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
