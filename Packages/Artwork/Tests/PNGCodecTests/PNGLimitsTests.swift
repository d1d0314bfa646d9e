import PNGCodec
import Testing

@Suite("Limits, checked before allocating")
struct PNGLimitsTests {
  /// A PNG with nothing but a valid header (correct CRC) claiming `width` × `height` RGBA pixels, and its end.
  private func headerOnly(width: Int, height: Int) -> [UInt8] {
    HandMadePNG.signature
      + HandMadePNG.chunk(
        "IHDR", HandMadePNG.header(width: width, height: height, bitDepth: 8, colourType: .rgba, interlaced: false))
      + HandMadePNG.chunk("IEND", [])
  }

  @Test("A PNG that claims 100,000 × 100,000 pixels is refused in one line, before its 40 GB are allocated")
  func hundredThousandSquared() {
    #expect(throws: PNGDecodingError.tooLarge(width: 100_000, height: 100_000, limit: .side(8_192))) {
      try PNGImage(decoding: headerOnly(width: 100_000, height: 100_000))
    }
    let error = PNGDecodingError.tooLarge(width: 100_000, height: 100_000, limit: .side(8_192))
    #expect(
      error.description == "The PNG claims 100,000 × 100,000 pixels, too large: the limit is 8,192 pixels a side.")
  }

  @Test("Sides past libpng's own limit (a million pixels) and PNG's largest are refused as too large, not corrupt")
  func sidesPastLibPNGsLimit() {
    #expect(throws: PNGDecodingError.tooLarge(width: 2_000_000, height: 1, limit: .side(8_192))) {
      try PNGImage(decoding: headerOnly(width: 2_000_000, height: 1))
    }
    #expect(throws: PNGDecodingError.tooLarge(width: 1, height: 2_147_483_647, limit: .side(8_192))) {
      try PNGImage(decoding: headerOnly(width: 1, height: 2_147_483_647))
    }
  }

  @Test("Sides within the limit whose pixels would take more than 64 MiB are refused by the pixel-bytes limit")
  func pixelBytes() {
    #expect(throws: PNGDecodingError.tooLarge(width: 8_000, height: 8_000, limit: .pixelBytes(67_108_864))) {
      try PNGImage(decoding: headerOnly(width: 8_000, height: 8_000))
    }
    #expect(
      PNGDecodingError.tooLarge(width: 8_000, height: 8_000, limit: .pixelBytes(67_108_864)).description
        == "The PNG claims 8,000 × 8,000 pixels, too large: the limit is 67,108,864 bytes of pixels, four a pixel.")
  }

  @Test("The defaults: 16 MiB of input, 8,192 pixels a side, 64 MiB of pixels")
  func defaults() {
    #expect(
      PNGLimits() == PNGLimits(maximumInputBytes: 16_777_216, maximumSide: 8_192, maximumPixelBytes: 67_108_864))
  }

  @Test("A side at the limit decodes and a side one past it is refused")
  func sideLimitIsInclusive() throws {
    let limits = PNGLimits(maximumSide: 16)
    let atLimit = TestPixels.noise(width: 16, height: 3, seed: 5)

    #expect(try PNGImage(decoding: atLimit.pngBytes(), limits: limits) == atLimit)
    #expect(throws: PNGDecodingError.tooLarge(width: 3, height: 17, limit: .side(16))) {
      try PNGImage(decoding: TestPixels.noise(width: 3, height: 17, seed: 5).pngBytes(), limits: limits)
    }
  }

  @Test("Pixels taking exactly the pixel-bytes limit decode, and one pixel more is refused")
  func pixelBytesLimitIsInclusive() throws {
    let limits = PNGLimits(maximumPixelBytes: 10 * 10 * 4)
    let atLimit = TestPixels.noise(width: 10, height: 10, seed: 6)

    #expect(try PNGImage(decoding: atLimit.pngBytes(), limits: limits) == atLimit)
    #expect(throws: PNGDecodingError.tooLarge(width: 101, height: 1, limit: .pixelBytes(400))) {
      try PNGImage(decoding: TestPixels.noise(width: 101, height: 1, seed: 6).pngBytes(), limits: limits)
    }
  }

  @Test("Input longer than the input limit is refused unread; input at the limit decodes")
  func inputBytes() throws {
    let image = TestPixels.noise(width: 20, height: 20, seed: 8)
    let png = try image.pngBytes()

    #expect(try PNGImage(decoding: png, limits: PNGLimits(maximumInputBytes: png.count)) == image)
    #expect(throws: PNGDecodingError.inputTooLarge(bytes: png.count, limit: png.count - 1)) {
      try PNGImage(decoding: png, limits: PNGLimits(maximumInputBytes: png.count - 1))
    }
    // Refused before the signature is looked at: what it holds does not matter.
    #expect(throws: PNGDecodingError.inputTooLarge(bytes: 11, limit: 10)) {
      try PNGImage(decoding: Array("not a png!!".utf8), limits: PNGLimits(maximumInputBytes: 10))
    }
  }
}
