import Dispatch
import Domain
import Foundation
import HumbleSupport
import NIOConcurrencyHelpers
import NIOCore
import ServicesLive

/// A SQLite catalog read on a thread of its own and turned into `COPY … FROM STDIN` text, one table after
/// another, for an async consumer: at most a few chunks wait at a time, so a catalog of millions of tracks
/// streams in little memory.
final class CatalogCopyStream: Sendable {
  /// What the consumer receives, in order: a table, then its rows' text in chunks, then the next table.
  enum Item: Sendable {
    case table(name: String, columns: [String])
    case chunk(ByteBuffer)
  }

  private static let chunkSize = 1 << 18
  private static let chunksInFlight = 8

  let items: AsyncThrowingStream<Item, any Error>
  private let continuation: AsyncThrowingStream<Item, any Error>.Continuation
  fileprivate let credit = DispatchSemaphore(value: CatalogCopyStream.chunksInFlight)
  private let abandoned = NIOLockedValueBox(false)

  /// Starts reading `database`.
  init(database: CatalogDatabase) {
    (items, continuation) = AsyncThrowingStream.makeStream(bufferingPolicy: .unbounded)
    let thread = Thread { [self] in produce(database) }
    thread.name = "humble catalog export"
    thread.start()
  }

  /// The one consumer's view of the items: one at a time, and one can be put back.
  ///
  /// Unchecked: a reader is used by one task, one call after another (the import's loop and the `COPY` it is
  /// inside), never at once.
  final class Reader: @unchecked Sendable {
    private let stream: CatalogCopyStream
    private var iterator: AsyncThrowingStream<Item, any Error>.AsyncIterator
    private var putBackItem: Item?

    init(_ stream: CatalogCopyStream) {
      self.stream = stream
      iterator = stream.items.makeAsyncIterator()
    }

    /// The next item, or nil after the last.
    func next() async throws -> Item? {
      if let item = putBackItem {
        putBackItem = nil
        return item
      }
      let item = try await iterator.next()
      // Taken: the reading thread may make one more chunk.
      if item != nil { stream.credit.signal() }
      return item
    }

    /// Makes `item` the next one again.
    func putBack(_ item: Item) {
      putBackItem = item
    }
  }

  /// Called by the consumer when it stops early: the reader stops at its next row.
  func abandon() {
    abandoned.withLockedValue { $0 = true }
    for _ in 0..<Self.chunksInFlight + 2 { credit.signal() }
  }

  private struct Abandoned: Error {}

  private func produce(_ database: CatalogDatabase) {
    var writer = Writer(send: send)
    do {
      try database.exportCatalog { row in try writer.add(row) }
      try writer.flush()
      continuation.finish()
    } catch is Abandoned {
      continuation.finish()
    } catch let error as CatalogValueError {
      continuation.finish(throwing: PostgresStoreError.invalidSource(reason: error.description))
    } catch {
      continuation.finish(throwing: error)
    }
  }

  private func send(_ item: Item) throws {
    credit.wait()
    if abandoned.withLockedValue({ $0 }) { throw Abandoned() }
    continuation.yield(item)
  }

  /// Builds each table's text.
  private struct Writer {
    let send: (Item) throws -> Void
    var table: String?
    var text = ""

    init(send: @escaping (Item) throws -> Void) {
      self.send = send
      text.reserveCapacity(CatalogCopyStream.chunkSize + 4096)
    }

    mutating func add(_ row: CatalogExportRow) throws {
      let (name, columns, fields) = try Self.fields(row)
      if table != name {
        try flush()
        try send(.table(name: name, columns: columns))
        table = name
      }
      for (index, field) in fields.enumerated() {
        if index > 0 { text.append("\t") }
        Self.append(field, to: &text)
      }
      text.append("\n")
      if text.utf8.count >= CatalogCopyStream.chunkSize { try flush() }
    }

    mutating func flush() throws {
      guard !text.isEmpty else { return }
      try send(.chunk(ByteBuffer(string: text)))
      text.removeAll(keepingCapacity: true)
    }

    /// A value of `COPY`'s text format: `\N` for NULL, and backslash, tab, newline and return escaped.
    static func append(_ field: String?, to text: inout String) {
      guard let field else {
        text.append("\\N")
        return
      }
      guard field.utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else {
        text.append(field)
        return
      }
      for character in field.unicodeScalars {
        switch character {
        case "\\": text.append("\\\\")
        case "\t": text.append("\\t")
        case "\n": text.append("\\n")
        case "\r": text.append("\\r")
        default: text.unicodeScalars.append(character)
        }
      }
    }

    static func number(_ value: Double) -> String {
      if value.isNaN { return "NaN" }
      if value.isInfinite { return value > 0 ? "Infinity" : "-Infinity" }
      return "\(value)"
    }

    static func checked(_ text: String, _ what: @autoclosure () -> String) throws -> String {
      guard !text.containsNUL else {
        throw PostgresStoreError.invalidSource(reason: "\(what()) holds a NUL character, which PostgreSQL cannot store")
      }
      return text
    }

    static func fields(_ row: CatalogExportRow) throws -> (String, [String], [String?]) {
      switch row {
      case .artist(let artist, let searchName):
        let id = artist.id.rawValue
        return (
          "artist", ["id", "name", "search_name", "image_url", "listeners"],
          [
            try checked(id, "artist ID \(id.debugDescription)"), try checked(artist.name, "artist \(id)'s name"),
            try checked(searchName, "artist \(id)'s name"), artist.imageURL?.absoluteString, "\(artist.listeners)",
          ]
        )
      case .track(let track, let position, let searchTitle):
        let id = track.id.rawValue
        return (
          "track",
          [
            "id", "artist_id", "position", "title", "search_title", "duration", "stream_url", "popularity",
            "release_date", "contains_explicit_lyrics",
          ],
          [
            try checked(id, "track ID \(id.debugDescription)"), track.artistID.rawValue, "\(position)",
            try checked(track.title, "track \(id)'s title"), try checked(searchTitle, "track \(id)'s title"),
            number(track.duration), try checked(track.streamURLString, "track \(id)'s stream URL"),
            "\(track.popularity)", number(track.releaseDate.timeIntervalSince1970),
            track.containsExplicitLyrics ? "t" : "f",
          ]
        )
      case .playlist(let id, let name, let artworkURL):
        return (
          "playlist", ["id", "name", "artwork_url"],
          [
            try checked(id.rawValue, "playlist ID \(id.rawValue.debugDescription)"),
            try checked(name, "playlist \(id.rawValue)'s name"),
            try checked(artworkURL, "playlist \(id.rawValue)'s artwork"),
          ]
        )
      case .playlistTrack(let playlistID, let position, let trackID):
        return (
          "playlist_track", ["playlist_id", "position", "track_id"],
          [playlistID.rawValue, "\(position)", trackID.rawValue]
        )
      case .relatedArtist(let artistID, let relatedArtistID, let position):
        return (
          "related_artist", ["artist_id", "related_artist_id", "position"],
          [artistID.rawValue, relatedArtistID.rawValue, "\(position)"]
        )
      }
    }
  }
}
