import Foundation

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
  /// `Date.ISO8601FormatStyle`, not `ISO8601DateFormatter`: on Linux the formatter goes through ICU, which
  /// crashes when several threads format or parse at once (a server and its client in one process do).
  public static func format(_ date: Date) -> String {
    let seconds = date.timeIntervalSince1970
    let style = Date.ISO8601FormatStyle(includingFractionalSeconds: seconds.rounded() != seconds)
    return style.format(date)
  }

  /// A date from RFC 3339 text, with or without fractional seconds.
  public static func parse(_ text: String) -> Date? {
    if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
    return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
  }
}
