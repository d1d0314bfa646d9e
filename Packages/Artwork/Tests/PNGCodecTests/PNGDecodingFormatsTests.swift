import PNGCodec
import Testing

@Suite("Decoding every colour type and bit depth to RGBA")
struct PNGDecodingFormatsTests {
  @Test("A palette image (4-bit) with transparency for some entries gives their colours and alpha")
  func paletteWithTransparency() throws {
    let png = HandMadePNG(
      colourType: .palette, bitDepth: 4, rows: [[0, 1, 2], [2, 1, 0]],
      palette: [255, 0, 0, 0, 128, 255, 10, 20, 30], transparency: [0, 100])

    let image = try PNGImage(decoding: png.bytes)

    #expect(
      TestPixels.rows(of: image) == [
        [[255, 0, 0, 0], [0, 128, 255, 100], [10, 20, 30, 255]],
        [[10, 20, 30, 255], [0, 128, 255, 100], [255, 0, 0, 0]],
      ])
  }

  @Test("Grey at 1 and 2 bits is scaled to the full 8-bit range, opaque")
  func lowBitDepthGrey() throws {
    let oneBit = HandMadePNG(colourType: .grey, bitDepth: 1, rows: [[0, 1, 1, 0, 1, 0, 0, 1, 1]])
    let twoBits = HandMadePNG(colourType: .grey, bitDepth: 2, rows: [[0, 1, 2, 3]])

    #expect(
      TestPixels.rows(of: try PNGImage(decoding: oneBit.bytes))[0].map(\.first)
        == [0, 255, 255, 0, 255, 0, 0, 255, 255])
    #expect(
      TestPixels.rows(of: try PNGImage(decoding: twoBits.bytes))[0] == [
        [0, 0, 0, 255], [85, 85, 85, 255], [170, 170, 170, 255], [255, 255, 255, 255],
      ])
  }

  @Test("Grey with a transparent grey level (tRNS) makes that level transparent")
  func greyWithTransparentLevel() throws {
    let png = HandMadePNG(colourType: .grey, bitDepth: 8, rows: [[7, 200, 7]], transparency: [0, 7])

    #expect(
      TestPixels.rows(of: try PNGImage(decoding: png.bytes)) == [[[7, 7, 7, 0], [200, 200, 200, 255], [7, 7, 7, 0]]])
  }

  @Test("Grey with alpha keeps its alpha, not premultiplied")
  func greyWithAlpha() throws {
    let png = HandMadePNG(colourType: .greyAlpha, bitDepth: 8, rows: [[100, 50, 250, 255, 30, 0]])

    #expect(
      TestPixels.rows(of: try PNGImage(decoding: png.bytes)) == [
        [[100, 100, 100, 50], [250, 250, 250, 255], [30, 30, 30, 0]]
      ])
  }

  @Test("RGB without alpha gets alpha 255")
  func rgbGetsOpaqueAlpha() throws {
    let png = HandMadePNG(colourType: .rgb, bitDepth: 8, rows: [[1, 2, 3, 250, 251, 252]])

    #expect(TestPixels.rows(of: try PNGImage(decoding: png.bytes)) == [[[1, 2, 3, 255], [250, 251, 252, 255]]])
  }

  @Test("RGB with a transparent colour (tRNS) makes that colour transparent")
  func rgbWithTransparentColour() throws {
    let png = HandMadePNG(
      colourType: .rgb, bitDepth: 8, rows: [[1, 2, 3, 9, 9, 9]], transparency: [0, 9, 0, 9, 0, 9])

    #expect(TestPixels.rows(of: try PNGImage(decoding: png.bytes)) == [[[1, 2, 3, 255], [9, 9, 9, 0]]])
  }

  @Test("16-bit RGB and RGBA are scaled to 8 bits (a 16-bit sample of v × 257 becomes v)")
  func sixteenBit() throws {
    let rgb = HandMadePNG(colourType: .rgb, bitDepth: 16, rows: [[0, 65_535, 128 * 257, 12 * 257, 34 * 257, 56 * 257]])
    let rgba = HandMadePNG(colourType: .rgba, bitDepth: 16, rows: [[200 * 257, 100 * 257, 0, 77 * 257]])

    #expect(TestPixels.rows(of: try PNGImage(decoding: rgb.bytes)) == [[[0, 255, 128, 255], [12, 34, 56, 255]]])
    #expect(TestPixels.rows(of: try PNGImage(decoding: rgba.bytes)) == [[[200, 100, 0, 77]]])
  }

  @Test(
    "An interlaced (Adam7) image decodes to the same pixels as the same image not interlaced",
    arguments: [(1, 1), (3, 2), (9, 11), (16, 16)])
  func interlaced(width: Int, height: Int) throws {
    let rows = (0..<height).map { y in
      (0..<width).flatMap { x -> [Int] in [x * 20 % 256, y * 20 % 256, (x + y) % 256, 255 - x] }
    }
    let plain = HandMadePNG(colourType: .rgba, bitDepth: 8, rows: rows)
    var interlaced = plain
    interlaced.interlaced = true

    let image = try PNGImage(decoding: interlaced.bytes)

    #expect(interlaced.bytes != plain.bytes)
    #expect(image == (try PNGImage(decoding: plain.bytes)))
    #expect(image.rgba == rows.joined().map { UInt8($0) })
  }

  @Test("The test's CRC-32 is PNG's (IEND's CRC is AE 42 60 82)")
  func handMadeChunksAreValid() {
    #expect(HandMadePNG.chunk("IEND", []) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
  }
}
