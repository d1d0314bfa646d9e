/// The cover's geometry in whole numbers: 256ths of a pixel for positions and lengths, 4,096ths for unit vectors.
///
/// Floating point would do, but whole numbers give the same bytes on every processor and with every compiler.
enum FixedPoint {
  /// Positions and lengths are in 256ths of a pixel.
  static let pixel = 256
  /// A unit vector's components are in 4,096ths.
  static let unitShift = 12

  /// The centre of pixel `index` (column or row), in 256ths of a pixel.
  static func centre(ofPixel index: Int) -> Int { index * pixel + pixel / 2 }

  /// The largest whole number whose square is at most `value` (which is not negative).
  static func squareRoot(_ value: Int) -> Int {
    guard value > 1 else { return value }
    // Newton's method from a power of two at least the root: it falls to the root and stops. Whole numbers only,
    // which also keeps the module off the C maths library.
    var root = 1 << ((Int.bitWidth - value.leadingZeroBitCount + 1) / 2)
    while true {
      let next = (root + value / root) / 2
      if next >= root { return root }
      root = next
    }
  }

  /// The unit vector along (`x`, `y`), in 4,096ths; nil for the zero vector.
  static func unit(x: Int, y: Int) -> (x: Int, y: Int)? {
    let length = squareRoot(x * x + y * y)
    guard length > 0 else { return nil }
    return (x: (x << unitShift) / length, y: (y << unitShift) / length)
  }

  /// How much of a pixel a shape covers, from 0 to 256, given the pixel centre's signed distance inside the shape's
  /// edge (in 256ths of a pixel): a one-pixel ramp across the edge, which is what keeps edges smooth.
  static func coverage(insideBy distance: Int) -> Int {
    min(max(distance + pixel / 2, 0), pixel)
  }
}
