import PNGCodec
import Testing

@Suite("Decoding what is not a good PNG")
struct PNGDecodingErrorTests {
  @Test(
    "Input that is not a PNG is refused as notPNG, saying what it is instead",
    arguments: [
      ([], "Not a PNG: the input is empty."),
      ([0x89, 0x50, 0x4E], "Not a PNG: the input is 3 bytes long, shorter than the PNG signature."),
      (
        [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46],
        "Not a PNG: it starts with the bytes FF D8 FF E0 00 10 4A 46, not the PNG signature."
      ),
      (
        Array("<!DOCTYPE html><p>Not found</p>".utf8),
        "Not a PNG: it starts with the bytes 3C 21 44 4F 43 54 59 50, not the PNG signature."
      ),
    ] as [([UInt8], String)])
  func notPNG(bytes: [UInt8], description: String) {
    #expect {
      try PNGImage(decoding: bytes)
    } throws: { error in
      guard let error = error as? PNGDecodingError, case .notPNG = error else { return false }
      return error.description == description
    }
  }

  @Test("A PNG cut short is corrupt, with libpng's reason on one line", arguments: [8, 20, 33, 60, 200, 1_000])
  func truncated(length: Int) throws {
    let png = try TestPixels.noise(width: 32, height: 32, seed: 11).pngBytes()
    #expect(png.count > 1_000)

    let error = try corruptReason(of: Array(png.prefix(length)))

    #expect(!error.isEmpty)
  }

  @Test("A chunk whose CRC does not match its bytes is corrupt, and libpng says which")
  func damagedChunk() throws {
    var damagedHeader = try TestPixels.noise(width: 4, height: 4, seed: 1).pngBytes()
    damagedHeader[19] ^= 0x01  // IHDR's width (4 becomes 5), under an unchanged CRC
    var damagedData = HandMadePNG(colourType: .rgb, bitDepth: 8, rows: [[1, 2, 3]]).bytes
    damagedData[damagedData.count - 20] ^= 0x40  // inside IDAT, under an unchanged CRC

    #expect(try corruptReason(of: damagedHeader).contains("IHDR"))
    #expect(try corruptReason(of: damagedData).contains("IDAT"))
  }

  @Test("Image data that is not a zlib stream is corrupt, even under a correct CRC")
  func imageDataNotZlib() throws {
    let png =
      HandMadePNG.signature
      + HandMadePNG.chunk(
        "IHDR", HandMadePNG.header(width: 2, height: 2, bitDepth: 8, colourType: .rgb, interlaced: false))
      + HandMadePNG.chunk("IDAT", Array("this is not deflate".utf8)) + HandMadePNG.chunk("IEND", [])

    #expect(try !corruptReason(of: png).isEmpty)
  }

  @Test("A PNG with a header and no image data is corrupt")
  func noImageData() throws {
    let png =
      HandMadePNG.signature
      + HandMadePNG.chunk(
        "IHDR", HandMadePNG.header(width: 2, height: 2, bitDepth: 8, colourType: .rgb, interlaced: false))
      + HandMadePNG.chunk("IEND", [])

    #expect(try !corruptReason(of: png).isEmpty)
  }

  @Test("Every decoding error's description is one line")
  func descriptionsAreOneLine() {
    let errors: [PNGDecodingError] = [
      .inputTooLarge(bytes: 20_000_000, limit: 16_777_216), .notPNG(reason: "two\nlines"),
      .tooLarge(width: 1, height: 2, limit: .pixelBytes(3)), .corrupt(reason: "IDAT:\r\nCRC error"),
    ]

    for error in errors {
      #expect(!error.description.contains { $0.isNewline }, "\(error)")
    }
    #expect(errors[0].description == "The PNG is 20,000,000 bytes long, more than the limit of 16,777,216 bytes.")
    #expect(errors[3].description == "The PNG is corrupt: IDAT: CRC error.")
  }

  /// libpng's reason, when decoding `png` throws ``PNGDecodingError/corrupt(reason:)`` with a one-line
  /// description; records an issue and throws otherwise.
  private func corruptReason(of png: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    do {
      let image = try PNGImage(decoding: png)
      Issue.record("decoded a \(image.width) × \(image.height) image", sourceLocation: sourceLocation)
    } catch {
      if case .corrupt(let reason) = error, error.description == "The PNG is corrupt: \(reason)." {
        #expect(!error.description.contains { $0.isNewline }, sourceLocation: sourceLocation)
        return reason
      }
      Issue.record("threw \(error), not corrupt", sourceLocation: sourceLocation)
    }
    throw CorruptReasonMissing()
  }

  private struct CorruptReasonMissing: Error {}
}
