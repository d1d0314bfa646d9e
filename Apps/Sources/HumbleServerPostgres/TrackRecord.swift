import CatalogAPI
import Domain
import Foundation
import HumbleServer
import NIOCore
import PostgresNIO

/// A track read as one value: PostgreSQL's binary form of a row value, `ROW(track.id, …)`.
///
/// A page of 5,000 tracks read as columns is 55,000 cells, and postgres-nio hands each cell over as a value of its
/// own (a slice of the row's buffer, its column's name and type): that was a quarter of the server's work for a
/// page. A page comes as about twenty cells, each an array of records (``records(in:)``), and each track's fields are
/// read straight from its record's bytes.
///
/// The binary form is a field count (4 bytes), then each field's type OID (4 bytes), its length (4 bytes, -1 for
/// NULL) and its bytes, all big-endian (`record_send` in PostgreSQL's `rowtypes.c`).
enum TrackRecord {
  /// The row value of ``PostgresCatalogStore/trackColumns`` (without the stream URL when `streamURL` is false),
  /// followed by `extras` (each an SQL expression).
  static func expression(adding extras: [String] = [], streamURL: Bool = true) -> String {
    let columns = PostgresCatalogStore.trackColumns.filter { streamURL || $0 != PostgresCatalogStore.streamURLColumn }
    return "ROW(\((columns + extras).joined(separator: ", ")))"
  }

  /// A track's fields as they lie in a record (texts as UTF-8, the release date in seconds since 1970), in the order
  /// of ``PostgresCatalogStore/trackColumns``: the one place that order is read.
  struct TrackFields {
    var id: UnsafeBufferPointer<UInt8>
    var title: UnsafeBufferPointer<UInt8>
    var duration: Double
    var streamURL: UnsafeBufferPointer<UInt8>
    var popularity: Int
    var released: Double
    var containsExplicitLyrics: Bool
    var artistID: UnsafeBufferPointer<UInt8>

    /// The fields of a record with its stream URL, or (`streamURL` false) without it: the URL is then empty.
    init(_ fields: inout Fields, streamURL hasStreamURL: Bool = true) throws(CatalogStoreError) {
      id = try fields.textBytes()
      title = try fields.textBytes()
      duration = try fields.double()
      streamURL = hasStreamURL ? try fields.textBytes() : UnsafeBufferPointer(start: nil, count: 0)
      popularity = try fields.integer()
      released = try fields.double()
      containsExplicitLyrics = try fields.bool()
      artistID = try fields.textBytes()
    }

    /// Throws when a value is out of its range (``Domain/Track/checkValues()``): rows written before the schema's
    /// checks, or by another program, fail the request naming the track rather than reaching an encoder that cannot
    /// write them.
    func check() throws(CatalogStoreError) {
      do {
        try Track.checkValues(duration: duration, released: released, of: Track.ID(Self.text(id)))
      } catch {
        throw .outOfRange(error)
      }
    }

    var track: Track {
      Track(
        id: Track.ID(Self.text(id)), title: Self.text(title), duration: duration, streamURLString: Self.text(streamURL),
        popularity: popularity, releaseDate: Date(timeIntervalSince1970: released),
        containsExplicitLyrics: containsExplicitLyrics, artistID: Artist.ID(Self.text(artistID)))
    }

    static func text(_ utf8: UnsafeBufferPointer<UInt8>) -> String { String(decoding: utf8, as: UTF8.self) }
  }

  /// Runs `body` on the bytes of a cell of `type` in binary format.
  static func withBytes<T>(
    of cell: PostgresCell, _ type: PostgresDataType, _ body: (UnsafeRawBufferPointer) throws(CatalogStoreError) -> T
  ) throws(CatalogStoreError) -> T {
    guard cell.format == .binary, cell.dataType == type, let bytes = cell.bytes else {
      throw malformed("its cell is \(cell.bytes == nil ? "NULL" : "\(cell.dataType) in \(cell.format) format")")
    }
    let result: Result<T, CatalogStoreError> = bytes.withUnsafeReadableBytes { raw in
      do throws(CatalogStoreError) {
        return .success(try body(raw))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// A track and the fields after its own, read by `extras` in the order the expression added them.
  static func read<Extras>(
    _ cell: PostgresCell, extras: (inout Fields) throws(CatalogStoreError) -> Extras
  ) throws(CatalogStoreError) -> (track: Track, extras: Extras) {
    try withBytes(of: cell, .record) { record throws(CatalogStoreError) in try read(record, extras: extras) }
  }

  /// ``read(_:extras:)`` of a record's bytes.
  static func read<Extras>(
    _ record: UnsafeRawBufferPointer, extras: (inout Fields) throws(CatalogStoreError) -> Extras
  ) throws(CatalogStoreError) -> (track: Track, extras: Extras) {
    var fields = try Fields(record)
    let raw = try TrackFields(&fields)
    try raw.check()
    return (raw.track, try extras(&fields))
  }

  /// The fields after the track's own in a record's bytes, read by `extras` in the order the expression added them.
  static func extras<Extras>(
    _ record: UnsafeRawBufferPointer, streamURL: Bool,
    _ extras: (inout Fields) throws(CatalogStoreError) -> Extras
  ) throws(CatalogStoreError) -> Extras {
    var fields = try Fields(record)
    _ = try TrackFields(&fields, streamURL: streamURL)
    return try extras(&fields)
  }

  /// The track of a record's bytes without its stream URL (`expression(adding:streamURL: false)`), checked as
  /// ``read(_:extras:)`` checks it, appended to `writer` as it lies: no text is made for it (its stream URL is the
  /// server's, from its identifier).
  static func write(_ record: UnsafeRawBufferPointer, into writer: inout TrackPageWriter) throws(CatalogStoreError) {
    var fields = try Fields(record)
    let raw = try TrackFields(&fields, streamURL: false)
    try raw.check()
    do {
      try writer.append(
        id: raw.id, title: raw.title, duration: raw.duration, popularity: raw.popularity,
        releaseDate: Date(timeIntervalSince1970: raw.released), containsExplicitLyrics: raw.containsExplicitLyrics,
        artistID: raw.artistID)
    } catch {
      throw .outOfRange(error)
    }
  }

  /// The records of a one-dimensional array of row values in binary form (`array_send`: dimension count, a flag
  /// saying whether it holds NULLs, the element type, each dimension's length and lower bound, then each element's
  /// length and bytes), in order.
  static func records(in array: UnsafeRawBufferPointer) throws(CatalogStoreError) -> [UnsafeRawBufferPointer] {
    guard array.count >= 12 else { throw malformed("its array is \(array.count) bytes long") }
    let dimensions = Fields.int32(array, at: 0)
    guard dimensions != 0 else { return [] }
    guard dimensions == 1 else { throw malformed("its array has \(dimensions) dimensions") }
    guard array.count >= 20 else { throw malformed("its array is \(array.count) bytes long") }
    let count = Int(Fields.int32(array, at: 12))
    // Each element takes at least its 4-byte length: a count the bytes cannot hold is not believed.
    guard count >= 0, count <= (array.count - 20) / 4 else {
      throw malformed("its array says it has \(count) elements in \(array.count) bytes")
    }
    var records: [UnsafeRawBufferPointer] = []
    records.reserveCapacity(count)
    var offset = 20
    for index in 0..<count {
      guard offset + 4 <= array.count else { throw malformed("element \(index + 1) runs past the array's end") }
      let length = Int(Fields.int32(array, at: offset))
      guard length >= 0 else { throw malformed("element \(index + 1) is NULL") }
      guard offset + 4 + length <= array.count else {
        throw malformed("element \(index + 1) runs past the array's end")
      }
      records.append(UnsafeRawBufferPointer(rebasing: array[offset + 4..<offset + 4 + length]))
      offset += 4 + length
    }
    return records
  }

  /// A track from a cell of ``expression(adding:)`` with nothing added.
  static func track(_ cell: PostgresCell) throws(CatalogStoreError) -> Track {
    try read(cell, extras: { _ throws(CatalogStoreError) in }).track
  }

  /// A `text` or `varchar` cell (in binary format, which for text is its UTF-8), not NULL.
  static func text(_ cell: PostgresCell) throws(CatalogStoreError) -> String {
    guard cell.format == .binary, cell.dataType == .text || cell.dataType == .varchar, let bytes = cell.bytes else {
      throw .unavailable(
        reason: "PostgreSQL sent \(cell.bytes == nil ? "NULL" : "\(cell.dataType)") for \(cell.columnName), not text")
    }
    return String(buffer: bytes)
  }

  static func malformed(_ what: String) -> CatalogStoreError {
    .unavailable(reason: "PostgreSQL sent a track row not of the catalog's schema: \(what)")
  }

  /// The fields of a row value in binary form, read in order.
  struct Fields {
    private let bytes: UnsafeRawBufferPointer
    private var offset = 4
    private var field = 0
    private let count: Int

    init(_ bytes: UnsafeRawBufferPointer) throws(CatalogStoreError) {
      self.bytes = bytes
      guard bytes.count >= 4 else { throw TrackRecord.malformed("it is \(bytes.count) bytes long") }
      count = Int(Self.int32(bytes, at: 0))
    }

    /// A `text` or `varchar` field.
    mutating func text() throws(CatalogStoreError) -> String {
      let (type, start, length) = try next()
      guard type == PostgresDataType.text.rawValue || type == PostgresDataType.varchar.rawValue else {
        throw mismatch(type, "text")
      }
      return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<start + length]), as: UTF8.self)
    }

    /// A `text` or `varchar` field's UTF-8, as it lies in the record.
    mutating func textBytes() throws(CatalogStoreError) -> UnsafeBufferPointer<UInt8> {
      let (type, start, length) = try next()
      guard type == PostgresDataType.text.rawValue || type == PostgresDataType.varchar.rawValue else {
        throw mismatch(type, "text")
      }
      return UnsafeRawBufferPointer(rebasing: bytes[start..<start + length]).bindMemory(to: UInt8.self)
    }

    /// A `double precision` field.
    mutating func double() throws(CatalogStoreError) -> Double {
      let (type, start, length) = try next()
      guard type == PostgresDataType.float8.rawValue, length == 8 else { throw mismatch(type, "double precision") }
      return Double(bitPattern: Self.uint64(bytes, at: start))
    }

    /// A `bigint` or `integer` field.
    mutating func integer() throws(CatalogStoreError) -> Int {
      let (type, start, length) = try next()
      switch (type, length) {
      case (PostgresDataType.int8.rawValue, 8): return Int(Int64(bitPattern: Self.uint64(bytes, at: start)))
      case (PostgresDataType.int4.rawValue, 4): return Int(Self.int32(bytes, at: start))
      default: throw mismatch(type, "integer")
      }
    }

    /// A `boolean` field.
    mutating func bool() throws(CatalogStoreError) -> Bool {
      let (type, start, length) = try next()
      guard type == PostgresDataType.bool.rawValue, length == 1 else { throw mismatch(type, "boolean") }
      return bytes[start] != 0
    }

    /// The next field's type, where its bytes start, and how many there are; NULL and a field past the end are
    /// errors (every column a track row carries is NOT NULL).
    private mutating func next() throws(CatalogStoreError) -> (type: UInt32, start: Int, length: Int) {
      field += 1
      guard field <= count, offset + 8 <= bytes.count else {
        throw TrackRecord.malformed("it has \(count) fields, and field \(field) was asked for")
      }
      let type = UInt32(bitPattern: Self.int32(bytes, at: offset))
      let length = Int(Self.int32(bytes, at: offset + 4))
      let start = offset + 8
      guard length >= 0 else { throw TrackRecord.malformed("field \(field) is NULL") }
      guard start + length <= bytes.count else {
        throw TrackRecord.malformed("field \(field) runs past the record's end")
      }
      offset = start + length
      return (type, start, length)
    }

    private func mismatch(_ type: UInt32, _ expected: String) -> CatalogStoreError {
      TrackRecord.malformed("field \(field) is \(PostgresDataType(type)), not \(expected)")
    }

    static func int32(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Int32 {
      Int32(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self))
    }

    private static func uint64(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt64 {
      UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
  }
}
