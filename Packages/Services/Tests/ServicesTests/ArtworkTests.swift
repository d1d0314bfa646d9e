import Foundation
import Services
import Testing

@Suite struct ArtworkTests {
  @Test func anArtworkHoldsFourBytesPerPixelRowByRowFromTheTop() throws {
    let rgba: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24]
    let artwork = try #require(Artwork(width: 3, height: 2, rgba: rgba))
    #expect(artwork.byteCount == 24)
    #expect(artwork.pixel(x: 0, y: 0) == (1, 2, 3, 4))
    #expect(artwork.pixel(x: 2, y: 0) == (9, 10, 11, 12))
    #expect(artwork.pixel(x: 0, y: 1) == (13, 14, 15, 16))
  }

  @Test(arguments: [(0, 1, 0), (1, 0, 0), (-1, -1, 4), (2, 2, 15), (2, 2, 17), (Int.max, 2, 8)])
  func anArtworkWhoseBytesDoNotMatchItsSidesIsRefused(width: Int, height: Int, bytes: Int) {
    #expect(Artwork(width: width, height: height, rgba: [UInt8](repeating: 0, count: bytes)) == nil)
  }

  @Test func eachLoadErrorIsOneLineNamingTheURL() throws {
    let url = try #require(URL(string: "http://127.0.0.1:8080/v1/artwork/a%0Ab"))
    let errors: [ArtworkLoadError] = [
      .notFound(url), .unreachable(url, reason: "connection refused\nby peer"),
      .notAnImage(url, reason: "no PNG signature"),
      .tooLarge(url, width: 100_000, height: 100_000, limit: "at most 16,384 pixels a side"),
      .tooLarge(url, width: 0, height: 0, limit: "at most 8 MB"), .unsupportedURL(url),
    ]
    for error in errors {
      #expect(!error.description.contains("\n"))
      #expect(error.description.contains("/v1/artwork/a%0Ab"))
    }
    #expect(
      ArtworkLoadError.tooLarge(url, width: 100_000, height: 100_000, limit: "at most 16,384 pixels a side").description
        == "Artwork at http://127.0.0.1:8080/v1/artwork/a%0Ab is too large (100000 × 100000 pixels): at most 16,384 pixels a side."
    )
    #expect(ArtworkLoadError.cancelled.description == "The artwork request was cancelled.")
  }
}
