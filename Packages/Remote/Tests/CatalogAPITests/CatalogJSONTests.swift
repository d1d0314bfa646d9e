import CatalogAPI
import Domain
import Foundation
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

  @Test func anIdentifierStaysOnePathSegment() {
    #expect(CatalogAPI.Path.artist("../a b/%?") == "/v1/artists/..%2Fa%20b%2F%25%3F")
    #expect(CatalogAPI.Path.favourite("é") == "/v1/me/favourites/%C3%A9")
  }

  @Test func theOpenAPIDocumentIsBundledAndIsOpenAPI31() throws {
    let document = try JSONSerialization.jsonObject(with: CatalogAPI.openAPIDocument) as? [String: Any]
    #expect(document?["openapi"] as? String == "3.1.0")
  }
}
