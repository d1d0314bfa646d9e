/// A circle's outline, `halfThickness` either side of `radius`.
struct Ring: CoverShape {
  var centreX: Int
  var centreY: Int
  var radius: Int
  var halfThickness: Int

  func coverage(x: Int, y: Int) -> Int {
    let squared = (x - centreX) * (x - centreX) + (y - centreY) * (y - centreY)
    let outer = radius + halfThickness + FixedPoint.pixel / 2
    if squared >= outer * outer { return 0 }
    let hole = radius - halfThickness - FixedPoint.pixel / 2
    if hole > 0 && squared <= hole * hole { return 0 }
    return FixedPoint.coverage(insideBy: halfThickness - abs(FixedPoint.squareRoot(squared) - radius))
  }

  func pixelBounds(side: Int) -> (columns: Range<Int>, rows: Range<Int>) {
    let reach = radius + halfThickness
    return (
      pixels(from: centreX - reach, to: centreX + reach, side: side),
      pixels(from: centreY - reach, to: centreY + reach, side: side)
    )
  }
}
