import HumbleSupport

/// Why bytes did not decode as a PNG.
///
/// A program acts on the case; ``description`` is one line for people.
public enum PNGDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The input is longer than ``PNGLimits/maximumInputBytes``; nothing of it was read.
  case inputTooLarge(bytes: Int, limit: Int)
  /// The input is not a PNG at all (it does not start with the PNG signature); `reason` says what it is instead.
  case notPNG(reason: String)
  /// The PNG claims `width` × `height` pixels, which break `limit`; refused before its pixels were allocated.
  case tooLarge(width: Int, height: Int, limit: PNGLimits.Limit)
  /// The input starts as a PNG but is damaged or cut short; `reason` is libpng's own message.
  case corrupt(reason: String)

  /// A one-line explanation for people.
  public var description: String {
    switch self {
    case .inputTooLarge(let bytes, let limit):
      "The PNG is \(bytes.grouped) bytes long, more than the limit of \(limit.grouped) bytes."
    case .notPNG(let reason): "Not a PNG: \(reason.oneLine)."
    case .tooLarge(let width, let height, let limit):
      "The PNG claims \(width.grouped) × \(height.grouped) pixels, too large: \(limit)."
    case .corrupt(let reason): "The PNG is corrupt: \(reason.oneLine)."
    }
  }
}
