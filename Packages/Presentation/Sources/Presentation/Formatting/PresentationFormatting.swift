import Foundation

/// The locale, calendar and time zone that presentation code formats with, injected so that tests are
/// deterministic.
public struct PresentationFormatting: Sendable {
  /// The language and region of month names.
  public var locale: Locale
  /// The calendar dates are expressed in.
  public var calendar: Calendar
  /// The time zone a date's day is taken in.
  public var timeZone: TimeZone

  /// Creates formatting settings; the calendar's locale and time zone are set to match.
  public init(locale: Locale, calendar: Calendar = Calendar(identifier: .gregorian), timeZone: TimeZone) {
    var calendar = calendar
    calendar.locale = locale
    calendar.timeZone = timeZone
    self.locale = locale
    self.calendar = calendar
    self.timeZone = timeZone
  }

  /// The user's current locale and time zone, in the Gregorian calendar.
  public static var current: PresentationFormatting {
    PresentationFormatting(locale: .current, timeZone: .current)
  }

  /// English month names in UTC: what tests use unless they are about localisation.
  public static let englishUTC = PresentationFormatting(
    locale: Locale(identifier: "en_US_POSIX"), timeZone: TimeZone(identifier: "UTC") ?? .current)
}
