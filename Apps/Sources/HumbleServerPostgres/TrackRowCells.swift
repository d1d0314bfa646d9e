import NIOCore
import PostgresNIO

/// A track's columns read straight from a row's cells.
///
/// A page of a thousand tracks is eight thousand cells, and postgres-nio's general decoding of a row as a tuple costs more than the database's whole answer (it looks up
/// generic metadata for every cell). The schema fixes each column's type, so the bytes are read as that type.
enum TrackRowCells {
  /// The columns of ``PostgresCatalogStore/trackColumns`` (the row's first eight cells), when each is in binary
  /// format, not null, and of the schema's type; nil otherwise, and the row is decoded the general way (which
  /// fails naming what is wrong).
  static func columns(_ row: PostgresRow) -> (
    id: String, title: String, duration: Double, stream: String, popularity: Int, released: Double, explicit: Bool,
    artist: String
  )? {
    var cells = row.makeIterator()
    // Each cell is read where the iterator hands it over (an optional's map would copy it, and its buffer).
    guard let idCell = cells.next(), let id = text(idCell), let titleCell = cells.next(), let title = text(titleCell),
      let durationCell = cells.next(), let duration = double(durationCell), let streamCell = cells.next(),
      let stream = text(streamCell), let popularityCell = cells.next(), let popularity = integer(popularityCell),
      let releasedCell = cells.next(), let released = double(releasedCell), let explicitCell = cells.next(),
      let explicit = bool(explicitCell), let artistCell = cells.next(), let artist = text(artistCell)
    else { return nil }
    return (id, title, duration, stream, popularity, released, explicit, artist)
  }

  /// A `text` or `varchar` cell's UTF-8.
  static func text(_ cell: PostgresCell) -> String? {
    guard cell.format == .binary, cell.dataType == .text || cell.dataType == .varchar, let bytes = cell.bytes else {
      return nil
    }
    return String(buffer: bytes)
  }

  /// A `double precision` cell: eight bytes, big-endian IEEE 754.
  static func double(_ cell: PostgresCell) -> Double? {
    guard cell.format == .binary, cell.dataType == .float8, let bytes = cell.bytes, bytes.readableBytes == 8,
      let bits = bytes.getInteger(at: bytes.readerIndex, as: UInt64.self)
    else { return nil }
    return Double(bitPattern: bits)
  }

  /// A `bigint` or `integer` cell: eight or four bytes, big-endian two's complement.
  static func integer(_ cell: PostgresCell) -> Int? {
    guard cell.format == .binary, let bytes = cell.bytes else { return nil }
    switch (cell.dataType, bytes.readableBytes) {
    case (.int8, 8): return bytes.getInteger(at: bytes.readerIndex, as: Int64.self).map(Int.init)
    case (.int4, 4): return bytes.getInteger(at: bytes.readerIndex, as: Int32.self).map(Int.init)
    default: return nil
    }
  }

  /// A `boolean` cell: one byte, 0 for false.
  static func bool(_ cell: PostgresCell) -> Bool? {
    guard cell.format == .binary, cell.dataType == .bool, let bytes = cell.bytes, bytes.readableBytes == 1,
      let byte = bytes.getInteger(at: bytes.readerIndex, as: UInt8.self)
    else { return nil }
    return byte != 0
  }
}
