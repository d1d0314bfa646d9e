/// A filled circle; `softness` widens its edge into a glow.
struct Disc: CoverShape {
  var centreX: Int
  var centreY: Int
  var radius: Int
  /// How wide the edge's ramp from covered to clear is, in 256ths of a pixel: one pixel for a crisp edge.
  var softness = FixedPoint.pixel

  func coverage(x: Int, y: Int) -> Int {
    let squared = (x - centreX) * (x - centreX) + (y - centreY) * (y - centreY)
    let inner = radius - softness / 2
    if inner > 0 && squared <= inner * inner { return FixedPoint.pixel }
    let outer = radius + softness / 2
    if squared >= outer * outer { return 0 }
    let inside = radius - FixedPoint.squareRoot(squared)
    return FixedPoint.coverage(insideBy: inside * FixedPoint.pixel / max(softness, 1))
  }

  func pixelBounds(side: Int) -> (columns: Range<Int>, rows: Range<Int>) {
    let reach = radius + softness / 2
    return (
      pixels(from: centreX - reach, to: centreX + reach, side: side),
      pixels(from: centreY - reach, to: centreY + reach, side: side)
    )
  }
}
