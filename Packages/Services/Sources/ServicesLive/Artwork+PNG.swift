import Foundation
import PNGCodec
import Services

extension Artwork {
  /// The artwork the PNG `png` (fetched from `url`) holds, decoded by `PNGCodec` within `limits`, or why there is
  /// none.
  static func decoding(_ png: Data, from url: URL, limits: PNGLimits) -> Result<Artwork, ArtworkLoadError> {
    // `withUnsafeBytes` rethrows untyped errors: the typed one travels out in a `Result`.
    let decoded = png.withUnsafeBytes { bytes in
      Result { () throws(PNGDecodingError) in try PNGImage(decoding: bytes, limits: limits) }
    }
    switch decoded {
    case .success(let image):
      // The layouts are the same: the pixels are handed on, not copied.
      guard let artwork = Artwork(width: image.width, height: image.height, rgba: image.rgba) else {
        return .failure(.notAnImage(url, reason: "the decoder's \(image.rgba.count) bytes are not its size's"))
      }
      return .success(artwork)
    case .failure(let error):
      return .failure(ArtworkLoadError(error, url: url))
    }
  }
}

extension ArtworkLoadError {
  /// Why the PNG at `url` did not decode, as a loader says it: a broken size limit is ``tooLarge(_:width:height:limit:)``,
  /// anything else ``notAnImage(_:reason:)``.
  init(_ error: PNGDecodingError, url: URL) {
    switch error {
    case .inputTooLarge(let bytes, let limit):
      self = .tooLarge(url, width: 0, height: 0, limit: "the PNG is \(bytes) bytes, more than the limit of \(limit)")
    case .tooLarge(let width, let height, let limit):
      self = .tooLarge(url, width: width, height: height, limit: limit.description)
    case .notPNG(let reason):
      self = .notAnImage(url, reason: "not a PNG: \(reason)")
    case .corrupt(let reason):
      self = .notAnImage(url, reason: "the PNG is corrupt: \(reason)")
    }
  }
}
