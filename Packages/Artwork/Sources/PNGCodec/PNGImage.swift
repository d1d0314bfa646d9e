/// A decoded picture: `width` × `height` pixels, row by row from the top, four bytes each (red, green, blue,
/// alpha; 8 bits per channel, alpha not premultiplied).
///
/// The layout is `Services.Artwork`'s, so a loader hands one on as the other without touching a pixel.
public struct PNGImage: Hashable, Sendable {
  /// The width in pixels.
  public let width: Int
  /// The height in pixels.
  public let height: Int
  /// `width * height * 4` bytes: RGBA, row-major, top row first.
  public let rgba: [UInt8]

  /// An image of `width` × `height` pixels; nil unless both sides are positive and `rgba` holds exactly
  /// `width * height * 4` bytes.
  public init?(width: Int, height: Int, rgba: [UInt8]) {
    guard width > 0, height > 0 else { return nil }
    let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
    guard !overflow, pixels <= Int.max / 4, rgba.count == pixels * 4 else { return nil }
    self.init(checkedWidth: width, height: height, rgba: rgba)
  }

  /// An image whose caller has made sure of what the public initialiser checks.
  package init(checkedWidth width: Int, height: Int, rgba: [UInt8]) {
    precondition(width > 0 && height > 0 && rgba.count == width * height * 4, "\(width) × \(height) is not RGBA")
    self.width = width
    self.height = height
    self.rgba = rgba
  }

  /// The pixel at column `x`, row `y` (from the top left), as red, green, blue and alpha.
  public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
    precondition((0..<width).contains(x) && (0..<height).contains(y), "pixel (\(x), \(y)) is outside the image")
    let index = (y * width + x) * 4
    return (rgba[index], rgba[index + 1], rgba[index + 2], rgba[index + 3])
  }
}
