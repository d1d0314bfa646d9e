import CatalogAPI
import Domain
import Foundation
import SeededRandomness
import Services
import Testing

/// The playlists featuring an artist, written and read without Foundation's coders, checked against them.
@Suite struct PlaylistListJSONTests {
  static func list(seed: UInt64) -> PlaylistList {
    var random = SeededRandom(seed: seed)
    let texts = TrackPageJSONTests.awkwardTexts
    let tracks = TrackPageJSONTests.page(seed: seed).tracks
    let playlists = (0..<Int(random.next() % 5)).map { index in
      Playlist(
        id: Playlist.ID("p-\(index)-\(texts[Int(random.next() % 7)])"),
        name: texts[Int(random.next() % 7)],
        tracks: Array(tracks.prefix(Int(random.next() % 12))),
        artworkURL: [
          URL(string: "http://127.0.0.1:8080/v1/artwork/playlist-p\(index)")!,
          URL(string: "https://example.com/a%20b/c.png?x=1&y=%22#frag")!,
          URL(fileURLWithPath: "/tmp/humble files/\(index).png"),
        ][Int(random.next() % 3)])
    }
    return PlaylistList(playlists: playlists)
  }

  @Test func aListIsWrittenByteForByteAsTheEncoderWritesIt() throws {
    for seed in 0..<50 {
      let list = Self.list(seed: UInt64(seed))
      #expect(try list.json() == Array(try CatalogJSON.encoder().encode(list)), "seed \(seed)")
    }
    let none = PlaylistList(playlists: [])
    #expect(try none.json() == Array(try CatalogJSON.encoder().encode(none)))
  }

  @Test func aListIsReadAsTheDecoderReadsIt() throws {
    var sawTracks = false
    for seed in 0..<50 {
      let data = try CatalogJSON.encoder().encode(Self.list(seed: UInt64(seed)))
      let ours = try PlaylistList(json: data)
      #expect(ours == (try CatalogJSON.decoder().decode(PlaylistList.self, from: data)), "seed \(seed)")
      sawTracks = sawTracks || ours.playlists.contains { !$0.tracks.isEmpty }
    }
    #expect(sawTracks)
  }

  @Test func anyLayoutOfTheListReads() throws {
    let text = """
       { "extra": [1, {"a": null}], "playlists" : [ { "tracks": [], "name": "\\u00e9", "unknown": {"x": [true]},
        "artworkURL": "http:\\/\\/h\\/a.png", "id": "p" } ] }
      """
    let data = Data(text.utf8)
    let ours = try PlaylistList(json: data)
    #expect(ours == (try CatalogJSON.decoder().decode(PlaylistList.self, from: data)))
    #expect(ours.playlists.first?.name == "é" && ours.playlists.first?.artworkURL.absoluteString == "http://h/a.png")
  }

  @Test(arguments: [
    "", "{", "[]", #"{"lists": []}"#, #"{"playlists": [{"id": "p", "name": "n", "tracks": []}]}"#,
    #"{"playlists": [{"id": "p", "name": "n", "tracks": [], "artworkURL": 1}]}"#,
    #"{"playlists": [{"id": "p", "name": "n", "tracks": [{"id": 1}], "artworkURL": "http://h"}]}"#,
    #"{"playlists": []} x"#, #"{"playlists": [}"#,
  ])
  func aTextThatIsNotAListIsRefusedAsTheDecoderRefusesIt(text: String) {
    let data = Data(text.utf8)
    #expect(throws: DecodingError.self) { try PlaylistList(json: data) }
    #expect(throws: DecodingError.self) { try CatalogJSON.decoder().decode(PlaylistList.self, from: data) }
  }
}
