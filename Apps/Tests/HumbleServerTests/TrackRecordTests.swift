import CatalogAPI
import Domain
import Foundation
import HumbleServer
import NIOCore
import PostgresNIO
import Testing

@testable import HumbleServerPostgres

/// A track's row value in PostgreSQL's binary form is read field by field, and anything not of the schema's shape
/// fails the request in one line naming the field.
@Suite struct TrackRecordTests {
  /// A field of a binary row value: its type OID and bytes, or nil for NULL.
  typealias Field = (type: PostgresDataType, bytes: [UInt8]?)

  static func text(_ string: String) -> Field { (.text, Array(string.utf8)) }
  static func float8(_ value: Double) -> Field { (.float8, bigEndian(value.bitPattern)) }
  static func int8(_ value: Int64) -> Field { (.int8, bigEndian(UInt64(bitPattern: value))) }
  static func int4(_ value: Int32) -> Field { (.int4, bigEndian(UInt32(bitPattern: value))) }
  static func bool(_ value: Bool) -> Field { (.bool, [value ? 1 : 0]) }

  static func bigEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
    withUnsafeBytes(of: value.bigEndian) { Array($0) }
  }

  /// A cell holding a row value of `fields`, as `record_send` writes it.
  static func cell(_ fields: [Field], count: Int? = nil) -> PostgresCell {
    PostgresCell(
      bytes: ByteBuffer(bytes: record(fields, count: count)), dataType: .record, format: .binary, columnName: "row",
      columnIndex: 0)
  }

  /// A row value of `fields` in binary form.
  static func record(_ fields: [Field], count: Int? = nil) -> [UInt8] {
    var bytes = bigEndian(Int32(count ?? fields.count))
    for field in fields {
      bytes += bigEndian(field.type.rawValue)
      if let value = field.bytes {
        bytes += bigEndian(Int32(value.count)) + value
      } else {
        bytes += bigEndian(Int32(-1))
      }
    }
    return bytes
  }

  /// A one-dimensional array of `records` (nil for NULL) as `array_send` writes it; `dimensions` claims another
  /// count of dimensions.
  static func array(_ records: [[UInt8]?], dimensions: Int32? = nil) -> [UInt8] {
    var bytes = bigEndian(dimensions ?? (records.isEmpty ? 0 : 1)) + bigEndian(Int32(0)) + bigEndian(UInt32(2249))
    if !records.isEmpty { bytes += bigEndian(Int32(records.count)) + bigEndian(Int32(1)) }
    for record in records {
      bytes += record.map { bigEndian(Int32($0.count)) + $0 } ?? bigEndian(Int32(-1))
    }
    return bytes
  }

  static func write(_ record: [UInt8], into writer: inout TrackPageWriter) throws(CatalogStoreError) {
    var failure: CatalogStoreError?
    record.withUnsafeBytes { raw in
      do throws(CatalogStoreError) {
        try TrackRecord.write(raw, into: &writer)
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
  }

  static func records(in array: [UInt8]) throws(CatalogStoreError) -> [[UInt8]] {
    let result: Result<[[UInt8]], CatalogStoreError> = array.withUnsafeBytes { raw in
      do throws(CatalogStoreError) {
        return .success(try TrackRecord.records(in: raw).map { Array($0) })
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  static let trackFields: [Field] = [
    text("t-1"), text("Glacier ❄︎"), float8(369.5), text("https://streams.example.com/t-1.mp3"),
    int8(1_234_567_890_123), float8(1_560_000_000), bool(true), text("aurora"),
  ]

  @Test func theEightColumnsAreATrackAndTheFieldsAfterThemAreReadInOrder() throws {
    let cell = Self.cell(Self.trackFields + [Self.int4(42), Self.float8(369.5), Self.int4(100_000)])
    let (track, extras) = try TrackRecord.read(cell) { fields throws(CatalogStoreError) in
      (try fields.integer(), try fields.double(), try fields.integer())
    }
    #expect(
      track
        == Track(
          id: "t-1", title: "Glacier ❄︎", duration: 369.5,
          streamURLString: "https://streams.example.com/t-1.mp3", popularity: 1_234_567_890_123,
          releaseDate: Date(timeIntervalSince1970: 1_560_000_000), containsExplicitLyrics: true, artistID: "aurora"))
    #expect(extras.0 == 42 && extras.1 == 369.5 && extras.2 == 100_000)
    #expect(try TrackRecord.track(Self.cell(Self.trackFields)) == track)
  }

  @Test(arguments: [
    (3, Field(.float4, [0, 0, 0, 0]), "field 3 is REAL, not double precision"),
    (2, Field(.text, nil), "field 2 is NULL"),
    (7, Field(.int4, [0, 0, 0, 1]), "field 7 is INTEGER, not boolean"),
    (5, Field(.int2, [0, 1]), "field 5 is SMALLINT, not integer"),
  ])
  func aFieldNotOfTheSchemasTypeFailsNamingIt(index: Int, field: Field, message: String) {
    var fields = Self.trackFields
    fields[index - 1] = field
    expectFailure(Self.cell(fields), saying: message)
  }

  @Test func aRecordTooShortOrCutOffFailsInsteadOfReadingPastItsEnd() {
    expectFailure(Self.cell(Array(Self.trackFields.prefix(5))), saying: "it has 5 fields, and field 6 was asked for")
    let whole = Self.cell(Self.trackFields)
    var bytes = whole.bytes!
    bytes.moveWriterIndex(to: bytes.writerIndex - 3)
    let cut = PostgresCell(bytes: bytes, dataType: .record, format: .binary, columnName: "row", columnIndex: 0)
    expectFailure(cut, saying: "field 8 runs past the record's end")
    let tiny = PostgresCell(
      bytes: ByteBuffer(bytes: [0, 0]), dataType: .record, format: .binary, columnName: "row", columnIndex: 0)
    expectFailure(tiny, saying: "it is 2 bytes long")
  }

  @Test func aCellThatIsNoRowValueFails() {
    let text = PostgresCell(
      bytes: ByteBuffer(string: "t-1"), dataType: .text, format: .binary, columnName: "id", columnIndex: 0)
    expectFailure(text, saying: "its cell is TEXT in binary format")
    let null = PostgresCell(bytes: nil, dataType: .record, format: .binary, columnName: "row", columnIndex: 0)
    expectFailure(null, saying: "its cell is NULL")
  }

  @Test func aValueOutOfRangeFailsNamingTheTrack() {
    var fields = Self.trackFields
    fields[2] = Self.float8(-1)
    let failure = #expect(throws: CatalogStoreError.self) { try TrackRecord.track(Self.cell(fields)) }
    #expect(failure?.description.contains("out of range") == true, "\(String(describing: failure))")
  }

  private func expectFailure(
    _ cell: PostgresCell, saying words: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let failure = #expect(throws: CatalogStoreError.self, sourceLocation: sourceLocation) {
      try TrackRecord.track(cell)
    }
    #expect(
      failure?.description.contains("not of the catalog's schema: \(words)") == true, "\(String(describing: failure))",
      sourceLocation: sourceLocation)
  }

  @Test func anArrayOfRecordsIsReadInOrderAndAnEmptyOneHasNone() throws {
    let records = (1...3).map { index in
      var fields = Self.trackFields
      fields[0] = Self.text("t-\(index)")
      return Self.record(fields)
    }
    #expect(try Self.records(in: Self.array(records)) == records)
    #expect(try Self.records(in: Self.array([])).isEmpty)
  }

  @Test func anArrayNotOfOneDimensionOrWithANullOrCutOffFailsNamingWhere() {
    let record = Self.record(Self.trackFields)
    let cases: [([UInt8], String)] = [
      (Self.array([record, nil, record]), "element 2 is NULL"),
      (Array(Self.array([record, record, record]).dropLast(5)), "element 3 runs past the array's end"),
      (Self.array([record], dimensions: 2), "its array has 2 dimensions"),
      ([0, 0, 0, 1], "its array is 4 bytes long"),
      (Array(Self.array([record]).prefix(16)), "its array is 16 bytes long"),
      (
        Self.bigEndian(Int32(1)) + [UInt8](repeating: 0, count: 8) + Self.bigEndian(Int32(-3))
          + Self.bigEndian(Int32(1)),
        "its array says it has -3 elements in 20 bytes"
      ),
      (
        Self.bigEndian(Int32(1)) + [UInt8](repeating: 0, count: 8) + Self.bigEndian(Int32.max)
          + Self.bigEndian(Int32(1)),
        "its array says it has 2147483647 elements in 20 bytes"
      ),
    ]
    for (array, words) in cases {
      let failure = #expect(throws: CatalogStoreError.self) { try Self.records(in: array) }
      #expect(
        failure?.description.contains("not of the catalog's schema: \(words)") == true,
        "\(String(describing: failure))")
    }
  }

  @Test func aRecordWithoutItsStreamURLIsWrittenAsItsTrackIs() throws {
    var fields = Self.trackFields
    fields.remove(at: 3)
    let track = try TrackRecord.track(Self.cell(Self.trackFields))
    var written = TrackPageWriter(streamURLsAt: "http://127.0.0.1:8080", route: .streamOfTrack)
    try Self.write(Self.record(fields), into: &written)
    var expected = TrackPageWriter(streamURLsAt: "http://127.0.0.1:8080", route: .streamOfTrack)
    try expected.append(track)
    #expect(written.count == 1)
    #expect(
      written.finish(offset: 0, total: 1, nextCursor: nil).json
        == expected.finish(offset: 0, total: 1, nextCursor: nil).json)
  }

  @Test func aWrittenRecordWithAValueOutOfRangeFailsAndWritesNothing() {
    var fields = Self.trackFields
    fields.remove(at: 3)
    fields[2] = Self.float8(-1)
    var writer = TrackPageWriter(streamURLsAt: "http://127.0.0.1:8080", route: .streamOfTrack)
    let failure = #expect(throws: CatalogStoreError.self) {
      try Self.write(Self.record(fields), into: &writer)
    }
    #expect(failure?.description.contains("out of range") == true, "\(String(describing: failure))")
    #expect(writer.count == 0)
  }
}
