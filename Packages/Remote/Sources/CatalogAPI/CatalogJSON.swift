import Domain
import Foundation
import HumbleSupport

/// How the API writes and reads JSON: dates as RFC 3339 (`2012-06-08T00:00:00Z`, with fractional seconds
/// only when a date has them), keys sorted so bodies are byte-for-byte repeatable.
public enum CatalogJSON {
  /// `application/json`.
  public static let contentType = "application/json"
  /// `application/problem+json` (RFC 9457).
  public static let problemContentType = "application/problem+json"
  /// `text/event-stream`.
  public static let eventStreamContentType = "text/event-stream"

  /// An encoder for API bodies.
  public static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(format(date))
    }
    return encoder
  }

  /// A decoder for API bodies.
  public static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      guard let date = parse(text) else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "'\(text)' is not an RFC 3339 date-time")
      }
      return date
    }
    return decoder
  }

  /// A date as RFC 3339 in UTC, with milliseconds only when it has a fraction of a second.
  ///
  /// Dates from 15 October 1582 through year 9999 are written by arithmetic (``HumbleSupport/CivilDate``), as
  /// `Date.ISO8601FormatStyle` writes them, in a fraction of its time (a page of the API writes a thousand);
  /// others go through the style, which writes earlier dates in the Julian calendar. Not `ISO8601DateFormatter`: on Linux it goes through ICU, which crashes when
  /// several threads format or parse at once (a server and its client in one process do).
  public static func format(_ date: Date) -> String {
    var bytes: [UInt8] = []
    format(date, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// ``format(_:)``'s text, appended to `bytes` (a page of the API writes a thousand dates).
  public static func format(_ date: Date, into bytes: inout [UInt8]) {
    let seconds = date.timeIntervalSince1970
    let hasFraction = seconds.rounded() != seconds
    guard seconds >= CivilDate.foundationGregorianStart, seconds < CatalogValueError.releaseDateLimit else {
      bytes += Date.ISO8601FormatStyle(includingFractionalSeconds: hasFraction).format(date).utf8
      return
    }
    let whole = seconds.rounded(.down)
    let total = Int(whole)
    let days = (total >= 0 ? total : total - 86_399) / 86_400
    let secondOfDay = total - days * 86_400
    let (year, month, day) = CivilDate.date(daysSince1970: days)
    func append(_ value: Int, digits: Int, then separator: UInt8?) {
      var divisor = 1
      for _ in 1..<digits { divisor *= 10 }
      while divisor > 0 {
        bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
        divisor /= 10
      }
      if let separator { bytes.append(separator) }
    }
    append(year, digits: 4, then: UInt8(ascii: "-"))
    append(month, digits: 2, then: UInt8(ascii: "-"))
    append(day, digits: 2, then: UInt8(ascii: "T"))
    append(secondOfDay / 3_600, digits: 2, then: UInt8(ascii: ":"))
    append(secondOfDay / 60 % 60, digits: 2, then: UInt8(ascii: ":"))
    append(secondOfDay % 60, digits: 2, then: nil)
    if hasFraction {
      bytes.append(UInt8(ascii: "."))
      append(min(999, Int(((seconds - whole) * 1_000).rounded(.down))), digits: 3, then: nil)
    }
    bytes.append(UInt8(ascii: "Z"))
  }

  /// A date from RFC 3339 text, with or without fractional seconds.
  ///
  /// `YYYY-MM-DDThh:mm:ssZ`, with or without three digits of milliseconds (what ``format(_:)`` writes), is read
  /// by arithmetic; anything else (an offset, more digits) by `Date.ISO8601FormatStyle`.
  public static func parse(_ text: String) -> Date? {
    if let date = parseUTC(text.utf8) { return date }
    if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
    return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
  }

  /// `text` as ``format(_:)`` writes a date from 15 October 1582 through year 9999; nil for any other text.
  static func parseUTC(_ text: some Collection<UInt8>) -> Date? {
    let bytes = Array(text)
    guard bytes.count == 20 || bytes.count == 24, bytes.last == UInt8(ascii: "Z") else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for index in range {
        let digit = Int(bytes[index]) - 48
        guard (0...9).contains(digit) else { return nil }
        value = value * 10 + digit
      }
      return value
    }
    func separator(_ index: Int, _ character: Character) -> Bool { bytes[index] == character.asciiValue }
    guard separator(4, "-"), separator(7, "-"), separator(10, "T"), separator(13, ":"), separator(16, ":"),
      let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
      let minute = number(14..<16), let second = number(17..<19), year >= 1, (1...12).contains(month),
      (1...31).contains(day), hour < 24, minute < 60, second < 60
    else { return nil }
    // A day past the month's end (31 April) is not a date: the style refuses it too.
    let days = CivilDate.daysSince1970(year: year, month: month, day: day)
    guard CivilDate.date(daysSince1970: days) == (year, month, day) else { return nil }
    let whole = Double(days * 86_400 + hour * 3_600 + minute * 60 + second)
    guard whole >= CivilDate.foundationGregorianStart else { return nil }
    guard bytes.count == 24 else { return Date(timeIntervalSince1970: whole) }
    guard separator(19, "."), let milliseconds = number(20..<23) else { return nil }
    // Added in the reference date's seconds, as the style adds them: the same Double, or (rarely, before 2001) one
    // a last bit apart.
    return Date(
      timeIntervalSinceReferenceDate: (whole - Date.timeIntervalBetween1970AndReferenceDate) + Double(milliseconds)
        / 1_000)
  }
}
