import Domain
import Foundation
import HumbleServer
import NIOCore
import PostgresNIO

/// A track read as one cell: PostgreSQL's binary form of a row value, `ROW(track.id, …)`.
///
/// A page of 5,000 tracks read as columns is 55,000 cells, and postgres-nio hands each cell over as a value of its
/// own (a slice of the row's buffer, its column's name and type): that was a quarter of the server's work for a
/// page. As one row value per track, a page is 5,000 cells, and the fields are read straight from the cell's bytes.
///
/// The binary form is a field count (4 bytes), then each field's type OID (4 bytes), its length (4 bytes, -1 for
/// NULL) and its bytes, all big-endian (`record_send` in PostgreSQL's `rowtypes.c`).
enum TrackRecord {
  /// The row value of ``PostgresCatalogStore/trackColumns``, followed by `extras` (each an SQL expression).
  static func expression(adding extras: [String] = []) -> String {
    "ROW(\(([PostgresCatalogStore.trackColumns] + extras).joined(separator: ", ")))"
  }

  /// A track and the fields after its own, read by `extras` in the order the expression added them.
  static func read<Extras>(
    _ cell: PostgresCell, extras: (inout Fields) throws(CatalogStoreError) -> Extras
  ) throws(CatalogStoreError) -> (track: Track, extras: Extras) {
    guard cell.format == .binary, cell.dataType == .record, let bytes = cell.bytes else {
      throw malformed("its cell is \(cell.bytes == nil ? "NULL" : "\(cell.dataType) in \(cell.format) format")")
    }
    let result: Result<(Track, Extras), CatalogStoreError> = bytes.withUnsafeReadableBytes { raw in
      do throws(CatalogStoreError) {
        var fields = try Fields(raw)
        let track = try Track(
          id: Track.ID(fields.text()), title: fields.text(), duration: fields.double(),
          streamURLString: fields.text(), popularity: fields.integer(),
          releaseDate: Date(timeIntervalSince1970: fields.double()), containsExplicitLyrics: fields.bool(),
          artistID: Artist.ID(fields.text()))
        return .success((track, try extras(&fields)))
      } catch {
        return .failure(error)
      }
    }
    let (track, extra) = try result.get()
    do {
      try track.checkValues()
    } catch {
      // Rows written before the schema's checks, or by another program: the request fails naming the track,
      // rather than reaching an encoder that cannot write it.
      throw .unavailable(reason: "the catalog holds a value out of range: \(error)")
    }
    return (track, extra)
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

    private static func int32(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Int32 {
      Int32(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self))
    }

    private static func uint64(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt64 {
      UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
  }
}
