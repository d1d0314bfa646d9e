import CatalogAPI
import Domain
import Foundation
import SeededRandomness
import Testing

@Suite struct CatalogJSONTests {
  @Test func aTrackRoundTripsThroughTheWireFormatWithItsDateAsRFC3339() throws {
    let track = Track(
      id: "t/1", title: "Night Ferry", duration: 221.5, streamURLString: "http://127.0.0.1:8080/v1/tracks/t%2F1/stream",
      popularity: 7, releaseDate: Date(timeIntervalSince1970: 1_334_966_400), containsExplicitLyrics: true,
      artistID: "neon-harbour")
    let data = try CatalogJSON.encoder().encode(track)
    let text = try #require(String(data: data, encoding: .utf8))
    #expect(text.contains(#""releaseDate":"2012-04-21T00:00:00Z""#))
    #expect(try CatalogJSON.decoder().decode(Track.self, from: data) == track)
  }

  @Test func aDateWithAFractionOfASecondKeepsItsMilliseconds() throws {
    let date = Date(timeIntervalSince1970: 1_334_966_400.25)
    #expect(CatalogJSON.format(date) == "2012-04-21T00:00:00.250Z")
    #expect(CatalogJSON.parse(CatalogJSON.format(date)) == date)
  }

  /// The arithmetic that writes and reads dates agrees with `Date.ISO8601FormatStyle` on every date a catalog holds.
  ///
  /// Whole seconds, milliseconds, and fractions finer than that: it writes the same text; it reads the same
  /// instant, to within the last bit of its seconds since 2001 (a fresh-clone run once found 2000-12-07T21:46:26.218Z
  /// one bit apart: the style's own order of additions is not documented).
  @Test func datesAreWrittenAndReadAsTheFormatStyleWritesAndReadsThem() throws {
    var random = SeededRandom(seed: 3_339)
    var seconds: [Double] = [
      CatalogValueError.earliestReleaseDate, CatalogValueError.releaseDateLimit - 0.001, -0.5, 0, 951_782_400,
      -12_219_292_800, 1_334_966_400.25, 1_334_966_400.0004,
    ]
    for _ in 0..<5_000 {
      let whole = Double(
        Int.random(
          in: Int(CatalogValueError.earliestReleaseDate)..<Int(CatalogValueError.releaseDateLimit), using: &random))
      seconds += [whole, whole + Double(Int.random(in: 1...999, using: &random)) / 1_000, whole + .random(in: 0..<1)]
    }
    for value in seconds {
      let date = Date(timeIntervalSince1970: value)
      let style = Date.ISO8601FormatStyle(includingFractionalSeconds: value.rounded() != value)
      let text = CatalogJSON.format(date)
      #expect(text == style.format(date), "\(value)")
      let ours = try #require(CatalogJSON.parse(text), "\(text)")
      let theirs = try #require(try? style.parse(text), "\(text)")
      let (a, b) = (ours.timeIntervalSinceReferenceDate, theirs.timeIntervalSinceReferenceDate)
      #expect(a == b || a.nextUp == b || a.nextDown == b, "\(text): \(a) against \(b)")
    }
    #expect(
      CatalogJSON.parse("2000-12-07T21:46:26.218Z").map { abs($0.timeIntervalSince1970 - 976_225_586.218) < 1e-6 }
        == true)
    // What the arithmetic leaves (a day past the month's end, an offset) the style answers, as it always did.
    #expect(CatalogJSON.parse("2019-04-31T00:00:00Z") == (try? Date.ISO8601FormatStyle().parse("2019-04-31T00:00:00Z")))
    #expect(CatalogJSON.parse("2019-03-12T10:00:00+01:00") == CatalogJSON.parse("2019-03-12T09:00:00Z"))
  }

  @Test func anIdentifierStaysOnePathSegment() {
    #expect(CatalogAPI.Path.artist("../a b/%?") == "/v1/artists/..%2Fa%20b%2F%25%3F")
    #expect(CatalogAPI.Path.favourite("é") == "/v1/me/favourites/%C3%A9")
  }

  @Test func theOpenAPIDocumentIsBundledAndIsOpenAPI31() throws {
    let document = try JSONSerialization.jsonObject(with: CatalogAPI.openAPIDocument) as? [String: Any]
    #expect(document?["openapi"] as? String == "3.1.0")
  }
}
