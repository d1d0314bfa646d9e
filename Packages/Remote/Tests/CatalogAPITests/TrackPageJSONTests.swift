import CatalogAPI
import Domain
import Foundation
import SeededRandomness
import Services
import Testing

/// A page of tracks written and read without Foundation's coders, checked against them.
@Suite struct TrackPageJSONTests {
  static let awkwardTexts = [
    "plain", "", "quote \" and backslash \\ and slash /", "tab\there, line\nbreak, return\r, bell\u{7}, nul\u{0}",
    "é, ñ, 日本, 🎵", "\u{1F}\u{8}\u{C}", "emoji 👩‍👩‍👧 and combining e\u{301}",
  ]

  static func page(seed: UInt64) -> TrackPageBody {
    var random = SeededRandom(seed: seed)
    let tracks = (0..<40).map { index in
      Track(
        id: Track.ID("t-\(index)-\(awkwardTexts[Int(random.next() % 7)])"),
        title: awkwardTexts[Int(random.next() % 7)] + " \(index)",
        duration: [0, 245, 245.5, 1042.6240321855041, 1e-5, 1.7e20, 3_600.25][Int(random.next() % 7)],
        streamURLString: "http://127.0.0.1:8080/v1/tracks/t%2F\(index)/stream",
        popularity: Int(truncatingIfNeeded: random.next()) % 1_000_000,
        releaseDate: Date(
          timeIntervalSince1970: [0, 1_334_966_400, 1_334_966_400.25, -2_000_000_000.5, 253_402_300_799.999][
            Int(random.next() % 5)]),
        containsExplicitLyrics: random.next() % 2 == 0, artistID: Artist.ID(awkwardTexts[Int(random.next() % 7)]))
    }
    var body = TrackPageBody(TrackPage(tracks: tracks, offset: Int(random.next() % 1_000), total: 100_000))
    body.nextOffset = random.next() % 2 == 0 ? nil : body.offset + tracks.count
    body.nextCursor = random.next() % 2 == 0 ? nil : "c1.catalog.\(random.next() % 1_000)"
    return body
  }

  @Test func aPageIsWrittenByteForByteAsTheEncoderWritesIt() throws {
    for seed in 0..<50 {
      let body = Self.page(seed: UInt64(seed))
      #expect(try body.json() == Array(try CatalogJSON.encoder().encode(body)), "seed \(seed)")
    }
    let empty = TrackPageBody(TrackPage(tracks: [], offset: 0, total: 0))
    #expect(try empty.json() == Array(try CatalogJSON.encoder().encode(empty)))
  }

  @Test(arguments: ["http://127.0.0.1:8080", "https://example.com/humble \"quoted\"\\x\u{1}", ""])
  func aServersStreamURLsAreWrittenAsTheRouteFillsThem(base: String) throws {
    for seed in 0..<20 {
      let body = Self.page(seed: UInt64(seed))
      let expected = try body.json(streamURL: { base + CatalogAPI.Path.stream(ofTrack: $0.id.rawValue) })
      #expect(try body.json(streamURLsAt: base, route: .streamOfTrack) == expected, "seed \(seed)")
    }
  }

  @Test func aPageIsReadAsTheDecoderReadsIt() throws {
    for seed in 0..<50 {
      let data = try CatalogJSON.encoder().encode(Self.page(seed: UInt64(seed)))
      #expect(try TrackPageBody(json: data) == (try CatalogJSON.decoder().decode(TrackPageBody.self, from: data)))
    }
  }

  @Test func anyLayoutOfThePageReads() throws {
    let text = """
       { "total" : 2, "extra": {"nested": [1, 2.5e3, "x", null, true, {"a": []}]},
      "tracks": [ {"title": "\\u00e9\\/\\ud83c\\udfb5\\n", "id": "a", "duration": 2.0E2, "streamURL": "http://h/s",
        "popularity": 3.0, "releaseDate": "2012-04-21T02:00:00+02:00", "containsExplicitLyrics": true,
        "artistID": "x", "unknown": "skipped"} ], "offset": 0, "nextOffset": null, "nextCursor": null }
      """
    let data = Data(text.utf8)
    let ours = try TrackPageBody(json: data)
    #expect(ours == (try CatalogJSON.decoder().decode(TrackPageBody.self, from: data)))
    #expect(ours.tracks.first?.title == "é/🎵\n")
    #expect(ours.tracks.first?.releaseDate == Date(timeIntervalSince1970: 1_334_966_400))
  }

  @Test func memberNamesWithEscapesAreTheNamesTheySpell() throws {
    let text = #"""
      {"total": 1, "offset": 0, "tracks": [{"\u0069d": "a", "titl\u0065": "t", "duration": 1,
        "stream\u0055RL": "http://h/s", "popularity": 2, "releaseDate": "2012-04-21T00:00:00Z",
        "containsExplicitLyrics": false, "artist\u0049D": "x", "i": 1, "idx": 2, "": 3}]}
      """#
    let data = Data(text.utf8)
    let ours = try TrackPageBody(json: data)
    #expect(ours == (try CatalogJSON.decoder().decode(TrackPageBody.self, from: data)))
    #expect(ours.tracks.first?.id == "a" && ours.tracks.first?.artistID == "x")
  }

  @Test(arguments: [
    "", "{", "[]", #"{"tracks": [], "offset": 0}"#, #"{"tracks": [], "offset": 0, "total": 1} x"#,
    #"{"tracks": [{"id": 1}], "offset": 0, "total": 1}"#, #"{"tracks": [], "offset": 1.5, "total": 1}"#,
    #"{"tracks": [], "offset": 0, "total": 1, "nextCursor": "\q"}"#,
    "{\"tracks\": [], \"offset\": 0, \"total\": \"\u{1}\"}",
    #"{"tracks": [], "offset": 0, "total": 1"#,
  ])
  func aTextThatIsNotAPageIsRefusedAsTheDecoderRefusesIt(text: String) {
    let data = Data(text.utf8)
    #expect(throws: DecodingError.self) { try TrackPageBody(json: data) }
    #expect(throws: DecodingError.self) { try CatalogJSON.decoder().decode(TrackPageBody.self, from: data) }
  }
}
