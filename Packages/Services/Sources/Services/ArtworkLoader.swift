import Foundation
import HumbleSupport

/// Artwork for a URL, as decoded pixels: the service a poster cell asks for its picture.
///
/// A cell never decodes or fetches: it asks a loader when it is configured and shows what comes back, or its
/// placeholder and the error's one line. Loading is cancellable: cancelling the calling task abandons the wait (and,
/// when nobody else waits for the same URL, the fetch), and the call throws ``ArtworkLoadError/cancelled``.
public protocol ArtworkLoader: Sendable {
  /// The artwork at `url`, decoded; or why there is none.
  func artwork(for url: URL) async throws(ArtworkLoadError) -> Artwork
}

/// A decoded picture: `width` × `height` pixels, row by row from the top, four bytes each (red, green, blue,
/// alpha; 8 bits per channel, alpha not premultiplied).
public struct Artwork: Hashable, Sendable {
  /// The width in pixels.
  public let width: Int
  /// The height in pixels.
  public let height: Int
  /// `width * height * 4` bytes: RGBA, row-major, top row first.
  public let rgba: [UInt8]

  /// An artwork of `width` × `height` pixels; nil unless `rgba` holds exactly `width * height * 4` bytes and both
  /// sides are positive.
  public init?(width: Int, height: Int, rgba: [UInt8]) {
    guard width > 0, height > 0 else { return nil }
    let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
    guard !overflow, pixels <= Int.max / 4, rgba.count == pixels * 4 else { return nil }
    self.width = width
    self.height = height
    self.rgba = rgba
  }

  /// The bytes this artwork's pixels take: what a cache bounded in bytes counts.
  public var byteCount: Int { rgba.count }

  /// The pixel at column `x`, row `y` (from the top left), as red, green, blue and alpha.
  public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
    precondition((0..<width).contains(x) && (0..<height).contains(y), "pixel (\(x), \(y)) is outside the artwork")
    let index = (y * width + x) * 4
    return (rgba[index], rgba[index + 1], rgba[index + 2], rgba[index + 3])
  }
}

/// Why an ``ArtworkLoader`` has no artwork for a URL.
///
/// A program acts on the case; ``description`` is one line for people.
public enum ArtworkLoadError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Nothing is at the URL (a 404, a missing file).
  case notFound(URL)
  /// The URL's server or file could not be reached or read (refused, timed out, cut off, not permitted);
  /// `reason` says how.
  case unreachable(URL, reason: String)
  /// What the URL holds is not a picture the loader can decode; `reason` says what is wrong with it.
  case notAnImage(URL, reason: String)
  /// The picture is larger than the loader allows: refused before its pixels were allocated. `width` and
  /// `height` are what the picture claims (0 when the refusal is of the download's bytes), `limit` names the
  /// limit it breaks.
  case tooLarge(URL, width: Int, height: Int, limit: String)
  /// The URL names no artwork the loader can fetch (a scheme it does not speak).
  case unsupportedURL(URL)
  /// The calling task was cancelled before the artwork arrived.
  case cancelled

  /// A one-line explanation for people.
  public var description: String {
    switch self {
    case .notFound(let url): "No artwork at \(url.absoluteString.oneLine(atMost: 200))."
    case .unreachable(let url, let reason):
      "Artwork at \(url.absoluteString.oneLine(atMost: 200)) is unreachable: \(reason.oneLine)"
    case .notAnImage(let url, let reason):
      "Artwork at \(url.absoluteString.oneLine(atMost: 200)) is not an image: \(reason.oneLine)"
    case .tooLarge(let url, let width, let height, let limit):
      width > 0 && height > 0
        ? "Artwork at \(url.absoluteString.oneLine(atMost: 200)) is too large (\(width) × \(height) pixels): \(limit.oneLine)."
        : "Artwork at \(url.absoluteString.oneLine(atMost: 200)) is too large: \(limit.oneLine)."
    case .unsupportedURL(let url): "Artwork cannot be loaded from \(url.absoluteString.oneLine(atMost: 200))."
    case .cancelled: "The artwork request was cancelled."
    }
  }
}
