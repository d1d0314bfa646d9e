import PNGCodec
import Testing

@Suite("Encoding and decoding")
struct PNGRoundTripTests {
  @Test(
    "Encoding then decoding gives back exactly the pixels, alpha included",
    arguments: [(1, 1), (2, 3), (17, 5), (256, 256), (301, 7)])
  func roundTrip(width: Int, height: Int) throws {
    let image = TestPixels.noise(width: width, height: height, seed: UInt64(width * 1_000 + height))

    let decoded = try PNGImage(decoding: image.pngBytes())

    #expect(decoded == image)
  }

  @Test("An encoded image is a PNG whose header states its size, RGBA at 8 bits, not interlaced")
  func encodedHeader() throws {
    let png = try TestPixels.noise(width: 300, height: 2, seed: 1).pngBytes()

    #expect(Array(png.prefix(8)) == HandMadePNG.signature)
    #expect(Array(png[12..<16]) == Array("IHDR".utf8))
    #expect(
      Array(png[16..<29])
        == HandMadePNG.header(width: 300, height: 2, bitDepth: 8, colourType: .rgba, interlaced: false))
  }

  @Test("Encoding the same pixels twice gives the same bytes")
  func encodingIsRepeatable() throws {
    let image = TestPixels.noise(width: 40, height: 30, seed: 7)

    #expect(try image.pngBytes() == image.pngBytes())
  }

  @Test("Decoding bytes held elsewhere (a raw buffer) gives the same image as decoding an array")
  func decodingARawBuffer() throws {
    let image = TestPixels.noise(width: 9, height: 4, seed: 3)
    let png = try image.pngBytes()

    let decoded = try png.withUnsafeBytes { bytes in try PNGImage(decoding: bytes) }

    #expect(decoded == image)
  }
}
