/// A cover being painted: opaque RGBA pixels, a gradient first and shapes blended over it.
struct CoverCanvas {
  let side: Int
  private(set) var rgba: [UInt8]

  /// A canvas of `side` × `side` pixels filled with a gradient from `start` to `end` along `direction` (a unit
  /// vector in 4,096ths), corner to corner.
  init(side: Int, gradientFrom start: CoverColour, to end: CoverColour, along direction: (x: Int, y: Int)) {
    self.side = side
    func along(_ x: Int, _ y: Int) -> Int { (direction.x * x + direction.y * y) >> FixedPoint.unitShift }
    let near = FixedPoint.centre(ofPixel: 0)
    let far = FixedPoint.centre(ofPixel: side - 1)
    let corners = [along(near, near), along(far, near), along(near, far), along(far, far)]
    let lowest = corners.min()!
    let span = max(corners.max()! - lowest, 1)
    let from = [start.red, start.green, start.blue]
    let change = [end.red - start.red, end.green - start.green, end.blue - start.blue]
    rgba = [UInt8](repeating: 255, count: side * side * 4)
    rgba.withUnsafeMutableBufferPointer { pixels in
      for row in 0..<side {
        for column in 0..<side {
          // How far along the gradient, 0 to 65,536.
          let fraction =
            (along(FixedPoint.centre(ofPixel: column), FixedPoint.centre(ofPixel: row)) - lowest) << 16 / span
          let index = (row * side + column) * 4
          for channel in 0..<3 {
            pixels[index + channel] = UInt8(from[channel] + (change[channel] * fraction + 32_768) >> 16)
          }
        }
      }
    }
  }

  /// Blends `shape` over the canvas in `colour`, at `opacity` from 0 (invisible) to 256 (opaque).
  mutating func draw<Shape: CoverShape>(_ shape: Shape, in colour: CoverColour, opacity: Int) {
    let (columns, rows) = shape.pixelBounds(side: side)
    let side = side
    let paint = [colour.red, colour.green, colour.blue]
    rgba.withUnsafeMutableBufferPointer { pixels in
      for row in rows {
        let y = FixedPoint.centre(ofPixel: row)
        for column in columns {
          let coverage = shape.coverage(x: FixedPoint.centre(ofPixel: column), y: y)
          guard coverage > 0 else { continue }
          // Out of 65,536.
          let weight = coverage * opacity
          let index = (row * side + column) * 4
          for channel in 0..<3 {
            let old = Int(pixels[index + channel])
            pixels[index + channel] = UInt8((old * (65_536 - weight) + paint[channel] * weight + 32_768) >> 16)
          }
        }
      }
    }
  }
}
