/// How large a PNG the decoder accepts: each limit is checked before the memory it guards is allocated.
///
/// The defaults are generous for artwork (covers are 256 × 256, a photograph's poster a few thousand pixels a side)
/// and keep one hostile file from taking more than a bounded amount of memory:
///
/// - ``maximumInputBytes``: 16 MiB of PNG, checked before libpng sees a byte.
/// - ``maximumSide``: 8,192 pixels wide or high, checked as soon as the header is read.
/// - ``maximumPixelBytes``: 64 MiB of decoded RGBA (4,096 × 4,096 pixels, four bytes each), checked with the
///   sides, before the pixels are allocated.
public struct PNGLimits: Hashable, Sendable {
  /// The most bytes of PNG the decoder reads; a longer input is refused unread.
  public var maximumInputBytes: Int
  /// The most pixels either side may have.
  public var maximumSide: Int
  /// The most bytes the decoded pixels may take (`width * height * 4`).
  public var maximumPixelBytes: Int

  /// Limits of `maximumInputBytes` of PNG, `maximumSide` pixels a side and `maximumPixelBytes` of pixels.
  public init(
    maximumInputBytes: Int = 16 * 1_024 * 1_024, maximumSide: Int = 8_192, maximumPixelBytes: Int = 64 * 1_024 * 1_024
  ) {
    self.maximumInputBytes = maximumInputBytes
    self.maximumSide = maximumSide
    self.maximumPixelBytes = maximumPixelBytes
  }

  /// A limit a picture's size can break, with its value.
  public enum Limit: Hashable, Sendable, CustomStringConvertible {
    /// Neither side may be longer than this many pixels.
    case side(Int)
    /// The decoded pixels may not take more than this many bytes (four a pixel).
    case pixelBytes(Int)

    /// The limit in words, for an error's one line: "the limit is 8,192 pixels a side".
    public var description: String {
      switch self {
      case .side(let pixels): "the limit is \(pixels.grouped) pixels a side"
      case .pixelBytes(let bytes): "the limit is \(bytes.grouped) bytes of pixels, four a pixel"
      }
    }
  }

  /// The limit a `width` × `height` picture breaks, if any.
  func brokenLimit(width: Int, height: Int) -> Limit? {
    if width > maximumSide || height > maximumSide { return .side(maximumSide) }
    let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
    if overflow || pixels > maximumPixelBytes / 4 { return .pixelBytes(maximumPixelBytes) }
    return nil
  }
}
