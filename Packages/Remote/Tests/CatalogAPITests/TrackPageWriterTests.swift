import CatalogAPI
import Domain
import Foundation
import Services
import Testing

/// A page written a track at a time from a store's values is the page the body of the same tracks is.
@Suite struct TrackPageWriterTests {
  static let base = "http://127.0.0.1:8080"

  /// Appends a track as its values, its texts as the UTF-8 `utf8` makes of them.
  static func appendValues(
    of track: Track, to writer: inout TrackPageWriter, utf8: (String) -> [UInt8] = { Array($0.utf8) }
  ) throws {
    let id = utf8(track.id.rawValue)
    let title = utf8(track.title)
    let artistID = utf8(track.artistID.rawValue)
    try id.withUnsafeBufferPointer { id in
      try title.withUnsafeBufferPointer { title in
        try artistID.withUnsafeBufferPointer { artistID in
          try writer.append(
            id: id, title: title, duration: track.duration, popularity: track.popularity,
            releaseDate: track.releaseDate, containsExplicitLyrics: track.containsExplicitLyrics, artistID: artistID)
        }
      }
    }
  }

  @Test func aTracksValuesAreWrittenAsTheBodyOfTheSameTracksWritesThem() throws {
    for seed in 0..<30 {
      let body = TrackPageJSONTests.page(seed: UInt64(seed))
      var writer = TrackPageWriter(streamURLsAt: Self.base, route: .streamOfTrack, capacity: body.tracks.count)
      for track in body.tracks { try Self.appendValues(of: track, to: &writer) }
      let written = writer.finish(offset: body.offset, total: body.total, nextCursor: nil)
      let page = TrackPageBody(TrackPage(tracks: body.tracks, offset: body.offset, total: body.total))
      #expect(written.json == (try page.json(streamURLsAt: Self.base, route: .streamOfTrack)), "seed \(seed)")
      #expect(written.count == body.tracks.count)
      #expect(written.byteCount == written.json.count)
    }
  }

  @Test func bytesThatAreNotUTF8AreWrittenAsATextReadsThem() throws {
    var track = TrackPageJSONTests.page(seed: 1).tracks[0]
    track.title = "Caf\u{E9}"
    var writer = TrackPageWriter(streamURLsAt: Self.base, route: .streamOfTrack)
    // A lone continuation byte, and a lead byte with nothing after it.
    try Self.appendValues(of: track, to: &writer) { text in
      text == "Caf\u{E9}" ? [0x43, 0x61, 0x66, 0xA9, 0xE9] : Array(text.utf8)
    }
    var repaired = track
    repaired.title = String(decoding: [0x43, 0x61, 0x66, 0xA9, 0xE9] as [UInt8], as: UTF8.self)
    #expect(repaired.title == "Caf\u{FFFD}\u{FFFD}")
    let expected = try TrackPageBody(TrackPage(tracks: [repaired], offset: 0, total: 1))
      .json(streamURLsAt: Self.base, route: .streamOfTrack)
    let json = writer.finish(offset: 0, total: 1, nextCursor: nil).json
    #expect(json == expected)
    #expect(String(validating: json, as: UTF8.self) != nil)
  }

  @Test func aDurationThatIsNotFiniteThrowsAndLeavesWhatWasWritten() throws {
    let tracks = TrackPageJSONTests.page(seed: 2).tracks
    var writer = TrackPageWriter(streamURLsAt: Self.base, route: .streamOfTrack)
    try writer.append(tracks[0])
    var broken = tracks[1]
    broken.duration = .nan
    #expect(throws: EncodingError.self) { try writer.append(broken) }
    #expect(writer.count == 1)
    try writer.append(tracks[2])
    let expected = try TrackPageBody(TrackPage(tracks: [tracks[0], tracks[2]], offset: 0, total: 3))
      .json(streamURLsAt: Self.base, route: .streamOfTrack)
    #expect(writer.finish(offset: 0, total: 3, nextCursor: nil).json == expected)
  }

  @Test(arguments: [
    (offset: 0, count: 3, total: 10, cursor: true), (offset: 7, count: 3, total: 10, cursor: false),
    (offset: 0, count: 3, total: 3, cursor: true), (offset: 20, count: 0, total: 10, cursor: false),
    (offset: 5, count: 3, total: 10, cursor: false),
  ])
  func theNextOffsetAndCursorAreThoseOfThePageOfTheSameTracks(offset: Int, count: Int, total: Int, cursor: Bool) {
    let tracks = Array(TrackPageJSONTests.page(seed: 3).tracks.prefix(count))
    let next = cursor ? TrackCursor(order: .title, key: .text("Glacier"), position: 41) : nil
    var writer = TrackPageWriter(streamURLsAt: Self.base, route: .streamOfTrack)
    for track in tracks { try? writer.append(track) }
    let written = writer.finish(offset: offset, total: total, nextCursor: next)
    let body = TrackPageBody(TrackPage(tracks: tracks, offset: offset, total: total, nextCursor: next))
    #expect(written.json == (try? body.json(streamURLsAt: Self.base, route: .streamOfTrack)))
    #expect(written.nextCursor == body.nextCursor && written.offset == offset && written.count == count)
  }

  @Test func aCursorTooLongToTravelIsLeftOutAndThePageGoesOnByOffset() throws {
    let track = TrackPageJSONTests.page(seed: 4).tracks[0]
    let long = TrackCursor(order: .title, key: .text(String(repeating: "ü", count: 400)), position: 1)
    #expect(long.encoded.utf8.count > TrackCursor.maximumEncodedLength)
    var writer = TrackPageWriter(streamURLsAt: Self.base, route: .streamOfTrack)
    try writer.append(track)
    let written = writer.finish(offset: 0, total: 1, nextCursor: long)
    #expect(written.nextCursor == nil)
    let decoded = try TrackPageBody(json: Data(written.json))
    #expect(decoded.nextCursor == nil && decoded.nextOffset == 1 && decoded.tracks.count == 1)
  }
}
