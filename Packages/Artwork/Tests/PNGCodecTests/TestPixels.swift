import PNGCodec

/// Pixels for tests.
enum TestPixels {
  /// `width` × `height` pixels of noise fixed by `seed` (every channel, alpha too), which compress badly: the
  /// hardest case for a round trip.
  static func noise(width: Int, height: Int, seed: UInt64) -> PNGImage {
    var state = seed
    let rgba = (0..<width * height * 4).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 56)
    }
    return PNGImage(width: width, height: height, rgba: rgba)!
  }

  /// The pixels as RGBA tuples, row by row, for readable comparisons.
  static func rows(of image: PNGImage) -> [[[UInt8]]] {
    (0..<image.height).map { y in
      (0..<image.width).map { x in Array(image.rgba[(y * image.width + x) * 4..<(y * image.width + x + 1) * 4]) }
    }
  }
}
