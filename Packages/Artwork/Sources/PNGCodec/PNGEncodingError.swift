import HumbleSupport

/// Why pixels could not be encoded as a PNG.
///
/// A program acts on the case; ``description`` is one line for people.
public enum PNGEncodingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A row of the image is longer than libpng can write (2 GiB of bytes).
  case tooLarge(width: Int, height: Int)
  /// libpng refused to write the image; `reason` is its own message.
  case failed(reason: String)

  /// A one-line explanation for people.
  public var description: String {
    switch self {
    case .tooLarge(let width, let height):
      "An image of \(width.grouped) × \(height.grouped) pixels is too large to write as a PNG."
    case .failed(let reason): "The PNG could not be written: \(reason.oneLine)."
    }
  }
}
