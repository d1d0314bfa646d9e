/// A straight stripe across the whole cover: the points within `halfWidth` of the line through (`throughX`,
/// `throughY`) that is perpendicular to `normal`.
struct Band: CoverShape {
  /// The unit vector across the band, in 4,096ths.
  var normal: (x: Int, y: Int)
  /// The centre line's distance from the origin along `normal`.
  var offset: Int
  var halfWidth: Int

  init(normal: (x: Int, y: Int), throughX: Int, throughY: Int, halfWidth: Int) {
    self.normal = normal
    self.offset = (normal.x * throughX + normal.y * throughY) >> FixedPoint.unitShift
    self.halfWidth = halfWidth
  }

  func coverage(x: Int, y: Int) -> Int {
    let across = (normal.x * x + normal.y * y) >> FixedPoint.unitShift
    return FixedPoint.coverage(insideBy: halfWidth - abs(across - offset))
  }

  func pixelBounds(side: Int) -> (columns: Range<Int>, rows: Range<Int>) {
    (0..<side, 0..<side)
  }
}
