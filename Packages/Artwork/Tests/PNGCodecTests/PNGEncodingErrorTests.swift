import PNGCodec
import Testing

@Suite("Encoding errors")
struct PNGEncodingErrorTests {
  @Test("Every encoding error's description is one line, naming the size or libpng's reason")
  func descriptions() {
    #expect(
      PNGEncodingError.tooLarge(width: 600_000_000, height: 1).description
        == "An image of 600,000,000 × 1 pixels is too large to write as a PNG.")
    #expect(
      PNGEncodingError.failed(reason: "out of\nmemory").description
        == "The PNG could not be written: out of memory.")
  }
}
