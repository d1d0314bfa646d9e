import Domain
import Foundation
import Services

/// The body of `GET /v1/artists/{artistID}/tracks` written a track at a time, from the values a store holds (texts
/// as UTF-8, as they lie in the rows it reads), with this server's stream URLs: the same bytes as
/// ``TrackPageBody/json(streamURLsAt:route:)`` of the same page, without a ``Domain/Track`` made for each track.
///
/// A page of 5,000 tracks is 15,000 texts; made and released only to be written out again, they were a third of a
/// server's work for the page.
///
/// ```swift
/// var writer = TrackPageWriter(streamURLsAt: "https://music.example.com", route: .streamOfTrack)
/// for row in rows { try row.withTexts { id, title, artistID in try writer.append(id: id, title: title, …) } }
/// let written = writer.finish(offset: 0, total: 120, nextCursor: cursor)
/// ```
public struct TrackPageWriter: Sendable {
  private var tracks = JSONBytes()
  /// The stream URL before the identifier, escaped for JSON and with its opening quote.
  private let prefix: [UInt8]
  /// The rest of the stream URL's route after the identifier.
  private let suffix: [UInt8]
  /// How many tracks the page is likely to hold: room is made for them with the first.
  private let capacity: Int
  /// How many tracks were appended.
  public private(set) var count = 0

  /// A writer for a page whose stream URLs are `base` followed by `route` filled with each track's identifier
  /// (`base + route.filled(with: id)`); `capacity` is how many tracks the page is likely to hold.
  public init(streamURLsAt base: String, route: CatalogAPI.Route, capacity: Int = 0) {
    // The part before the identifier is escaped once; a path segment needs no escape in JSON (it is unreserved
    // characters and percent signs), and neither does the rest of the route.
    var prefix = JSONBytes()
    prefix.string(base + route.before)
    prefix.bytes.removeLast()
    self.prefix = prefix.bytes
    suffix = Array(route.after.utf8)
    self.capacity = capacity
  }

  /// Appends a track, given as its values: `id`, `title` and `artistID` as UTF-8 (bytes that are not are written as
  /// `String(decoding:as:)` reads them).
  ///
  /// Throws `EncodingError.invalidValue` for a duration that is not a finite number, as the encoder does; nothing
  /// is appended then.
  public mutating func append(
    id: UnsafeBufferPointer<UInt8>, title: UnsafeBufferPointer<UInt8>, duration: Double, popularity: Int,
    releaseDate: Date, containsExplicitLyrics: Bool, artistID: UnsafeBufferPointer<UInt8>
  ) throws {
    // Room is made here, not when the writer is made: a writer handed on is a copy, which would not keep it.
    if count == 0 { tracks.bytes.reserveCapacity(min(capacity, TrackPageRequest.maximumLimit) * 260) }
    let prefix = prefix
    let suffix = suffix
    // The track's one check comes before its first byte: a track that fails leaves nothing written.
    try tracks.track(
      first: count == 0, id: id, title: title, duration: duration, popularity: popularity,
      releaseDate: releaseDate, containsExplicitLyrics: containsExplicitLyrics, artistID: artistID,
      streamURL: { out in
        out.bytes.append(contentsOf: prefix)
        out.pathSegment(utf8: id)
        out.bytes.append(contentsOf: suffix)
        out.bytes.append(UInt8(ascii: "\""))
      })
    count += 1
  }

  /// Appends a track.
  ///
  /// Throws `EncodingError.invalidValue` for a duration that is not a finite number, as the encoder does; nothing
  /// is appended then.
  public mutating func append(_ track: Track) throws {
    try track.withTexts { id, title, artistID in
      try append(
        id: id, title: title, duration: track.duration, popularity: track.popularity,
        releaseDate: track.releaseDate, containsExplicitLyrics: track.containsExplicitLyrics, artistID: artistID)
    }
  }

  /// The page of the tracks appended.
  ///
  /// They come after `offset` others of the `total` the artist has; `nextCursor` is the last one's when another page
  /// follows. Its next offset and the cursor it sends are ``Services/TrackPage``'s and ``TrackPageBody``'s for the
  /// same page.
  public func finish(offset: Int, total: Int, nextCursor: TrackCursor?) -> WrittenTrackPage {
    finish(
      offset: offset, total: total,
      nextOffset: TrackPage.nextOffset(offset: offset, count: count, total: total, hasNextCursor: nextCursor != nil),
      nextCursor: TrackPageBody.sent(nextCursor))
  }

  func finish(offset: Int, total: Int, nextOffset: Int?, nextCursor: String?) -> WrittenTrackPage {
    WrittenTrackPage(
      head: JSONBytes.pageHead(offset: offset, total: total, nextOffset: nextOffset, nextCursor: nextCursor).bytes,
      tracks: tracks.bytes, offset: offset, count: count, nextCursor: nextCursor)
  }
}

/// A page of tracks written as JSON (``TrackPageWriter``), in the three parts a response sends one after the other,
/// and what its head says.
public struct WrittenTrackPage: Sendable {
  /// The page's members before its tracks, through `"tracks":[`.
  public let head: [UInt8]
  /// The tracks, each an object, separated by commas.
  public let tracks: [UInt8]
  /// The bytes after the tracks.
  public static let tail: [UInt8] = Array("]}".utf8)
  /// How many tracks come before the page.
  public let offset: Int
  /// How many tracks the page holds.
  public let count: Int
  /// The next page's cursor as the body sends it (``TrackPageBody/nextCursor``).
  public let nextCursor: String?

  /// How many bytes the body is.
  public var byteCount: Int { head.count + tracks.count + Self.tail.count }

  /// The whole body.
  public var json: [UInt8] { head + tracks + Self.tail }
}

extension JSONBytes {
  /// A path segment holding the text `utf8` spells, percent-encoded as ``CatalogAPI/Path/segment(_:)`` encodes it.
  mutating func pathSegment(utf8: UnsafeBufferPointer<UInt8>) {
    let isUnreserved = utf8.allSatisfy(CatalogAPI.Path.isUnreserved)
    if isUnreserved {
      bytes.append(contentsOf: utf8)
    } else {
      append(CatalogAPI.Path.segment(String(decoding: utf8, as: UTF8.self)))
    }
  }
}
