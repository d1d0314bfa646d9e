import PNGCodec
import Testing

@Suite("PNGImage")
struct PNGImageTests {
  @Test("An image needs positive sides and exactly four bytes a pixel")
  func validation() {
    #expect(PNGImage(width: 2, height: 1, rgba: [1, 2, 3, 4, 5, 6, 7, 8]) != nil)
    #expect(PNGImage(width: 2, height: 1, rgba: [1, 2, 3, 4]) == nil)
    #expect(PNGImage(width: 0, height: 0, rgba: []) == nil)
    #expect(PNGImage(width: -1, height: -4, rgba: [1, 2, 3, 4]) == nil)
    #expect(PNGImage(width: Int.max, height: 2, rgba: []) == nil)
  }

  @Test("A pixel is read from the top left, row by row")
  func pixelAddressing() throws {
    let image = try #require(PNGImage(width: 2, height: 2, rgba: Array(0..<16)))

    #expect(image.pixel(x: 1, y: 0) == (4, 5, 6, 7))
    #expect(image.pixel(x: 0, y: 1) == (8, 9, 10, 11))
  }
}
