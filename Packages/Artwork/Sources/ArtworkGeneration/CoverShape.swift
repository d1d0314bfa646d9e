/// Something drawn on a cover: how much of each pixel it covers, and which pixels it can touch at all.
///
/// Coordinates are in 256ths of a pixel (``FixedPoint``), so a shape is the same at every side of cover.
protocol CoverShape {
  /// How much of the pixel centred at (`x`, `y`) the shape covers: 0 (none) to 256 (all).
  func coverage(x: Int, y: Int) -> Int
  /// The pixels outside these columns and rows are certainly not covered: the canvas skips them.
  func pixelBounds(side: Int) -> (columns: Range<Int>, rows: Range<Int>)
}

extension CoverShape {
  /// Pixels from `lowest` to `highest` (in 256ths) with a pixel's margin, within a canvas of `side` pixels.
  func pixels(from lowest: Int, to highest: Int, side: Int) -> Range<Int> {
    let first = min(max(lowest / FixedPoint.pixel - 1, 0), side)
    let last = min(max(highest / FixedPoint.pixel + 2, first), side)
    return first..<last
  }
}
