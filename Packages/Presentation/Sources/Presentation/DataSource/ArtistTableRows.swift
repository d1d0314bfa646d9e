/// The rows of an ``ArtistTableSection``, in display order: a random-access collection of cell models whose
/// copies share their storage in chunks.
///
/// A data source publishes a snapshot each time a row changes in place: a track starts playing, a download
/// moves on, a favourite is set. The screen still holds the snapshot before, so changing one row of rows kept
/// in a single array copies the whole array: on a page of 100,000 tracks, every row's texts are retained and
/// later released again, for one row. These rows lie in chunks of ``chunkLength``; a change copies the list of
/// chunks and the one chunk it writes to, and the snapshots share every other chunk.
///
/// It reads like an array: `rows[3]`, `rows.count`, `for row in rows`, `Array(rows)`, and an array literal
/// where rows are expected. Two values are equal when their rows are, and comparing them skips the chunks they
/// share. It is not an `Array`: its slices are `Slice<ArtistTableRows>`, it is compared with an array through
/// `elementsEqual(_:)` or `Array(rows)`, and what needs contiguous storage copies the rows out with `Array(rows)`.
public struct ArtistTableRows: RandomAccessCollection, Hashable, ExpressibleByArrayLiteral,
  CustomStringConvertible, CustomDebugStringConvertible
{
  /// A row: a cell model.
  public typealias Element = ArtistCellModelType
  /// A row's position, counting from 0.
  public typealias Index = Int
  /// The rows' positions, from 0 to ``count``.
  public typealias Indices = Range<Int>

  /// How many rows a chunk holds: every chunk holds this many except the last, which holds at least one.
  public static var chunkLength: Int { 1 << chunkShift }
  static let chunkShift = 10
  static let chunkMask = (1 << chunkShift) - 1

  // Every chunk but the last is full, and none is empty: two values of the same count are chunked alike.
  private var chunks: [Chunk]
  /// The number of rows.
  public private(set) var count: Int

  /// No rows.
  public init() {
    chunks = []
    count = 0
  }

  /// The rows of `rows`, in order.
  public init(_ rows: some Sequence<ArtistCellModelType>) {
    self.init()
    for row in rows { append(row) }
  }

  /// The rows of the literal, in order.
  public init(arrayLiteral rows: ArtistCellModelType...) {
    self.init(rows)
  }

  /// `count` rows, each set once by `initialize` through the writer it is given, in any order.
  ///
  /// Every row from 0 to `count` - 1 must be initialized exactly once: the rows are not checked, and a row
  /// left out is read as memory that holds no cell model.
  init(unsafeUninitializedCount count: Int, initializingWith initialize: (Writer) -> Void) {
    precondition(count >= 0, "a negative number of rows")
    var chunks: [Chunk] = []
    chunks.reserveCapacity((count + Self.chunkMask) >> Self.chunkShift)
    var start = 0
    while start < count {
      let length = Swift.min(Self.chunkLength, count - start)
      chunks.append(Chunk.make(capacity: length))
      start += length
    }
    initialize(Writer(chunks: chunks, count: count))
    for (number, chunk) in chunks.enumerated() {
      chunk.header = Swift.min(Self.chunkLength, count - (number << Self.chunkShift))
    }
    self.chunks = chunks
    self.count = count
  }

  /// Sets rows of an ``ArtistTableRows`` being made; see ``init(unsafeUninitializedCount:initializingWith:)``.
  struct Writer {
    fileprivate let chunks: [Chunk]
    fileprivate let count: Int

    /// Sets row `row`, which holds nothing yet, to `model`.
    func initialize(_ row: Int, to model: ArtistCellModelType) {
      precondition(row >= 0 && row < count, "Row out of range")
      chunks[row >> ArtistTableRows.chunkShift].withUnsafeMutablePointerToElements {
        ($0 + (row & ArtistTableRows.chunkMask)).initialize(to: model)
      }
    }
  }

  /// The first row's position: 0.
  public var startIndex: Int { 0 }
  /// The position after the last row: ``count``.
  public var endIndex: Int { count }

  /// The row at `position`, which must be one of the rows.
  public subscript(position: Int) -> ArtistCellModelType {
    get {
      precondition(position >= 0 && position < count, "Index out of range")
      return chunks[position >> Self.chunkShift].withUnsafeMutablePointerToElements {
        $0[position & Self.chunkMask]
      }
    }
    set {
      precondition(position >= 0 && position < count, "Index out of range")
      let number = position >> Self.chunkShift
      if !isKnownUniquelyReferenced(&chunks[number]) { chunks[number] = chunks[number].copy() }
      chunks[number].withUnsafeMutablePointerToElements { $0[position & Self.chunkMask] = newValue }
    }
  }

  /// Adds `row` after the last row.
  mutating func append(_ row: ArtistCellModelType) {
    if count & Self.chunkMask == 0 {
      chunks.append(Chunk.make(capacity: Self.chunkLength))
    } else {
      let last = chunks.count - 1
      if !isKnownUniquelyReferenced(&chunks[last]) || chunks[last].capacity < Self.chunkLength {
        chunks[last] = chunks[last].copy(capacity: Self.chunkLength)
      }
    }
    chunks[chunks.count - 1].withUnsafeMutablePointers { length, rows in
      (rows + length.pointee).initialize(to: row)
      length.pointee += 1
    }
    count += 1
  }

  /// Whether both hold the same storage, which makes them equal without comparing a row.
  ///
  /// A data source keeps its rows, storage and all, when a reload answers as before; a screen can tell so
  /// without reading them. Equal rows in different storage are not identical.
  public func isTriviallyIdentical(to other: Self) -> Bool {
    count == other.count && zip(chunks, other.chunks).allSatisfy { $0 === $1 }
  }

  /// The identity of the chunk that holds row `position`: a change between two values that copied the chunk gives
  /// it another.
  func chunkIdentity(ofRowAt position: Int) -> ObjectIdentifier {
    ObjectIdentifier(chunks[position >> Self.chunkShift])
  }

  /// Whether the chunk that holds row `position` is the one that holds it in `other`: whether a change made
  /// between the two copied it.
  func sharesChunk(ofRowAt position: Int, with other: Self) -> Bool {
    let number = position >> Self.chunkShift
    return chunks.indices.contains(number) && other.chunks.indices.contains(number)
      && chunks[number] === other.chunks[number]
  }

  /// Whether both hold the same rows in the same order; the chunks they share are not read.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    guard lhs.count == rhs.count else { return false }
    return zip(lhs.chunks, rhs.chunks).allSatisfy { left, right in
      left === right || left.withUnsafeRows { leftRows in right.withUnsafeRows { leftRows.elementsEqual($0) } }
    }
  }

  /// Hashes the rows in order, as an array of them does.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for chunk in chunks {
      chunk.withUnsafeRows { rows in
        for row in rows { hasher.combine(row) }
      }
    }
  }

  /// The rows, written as an array of them is.
  public var description: String { Array(self).description }
  /// The rows, written as an array of them is for debugging.
  public var debugDescription: String { Array(self).debugDescription }

  /// A chunk of rows: its header is how many it holds.
  final class Chunk: ManagedBuffer<Int, ArtistCellModelType> {
    /// An empty chunk with room for `capacity` rows.
    static func make(capacity: Int) -> Chunk {
      unsafeDowncast(Chunk.create(minimumCapacity: capacity) { _ in 0 }, to: Chunk.self)
    }

    /// A new chunk holding the same rows, with room for at least `capacity`.
    func copy(capacity: Int = 0) -> Chunk {
      let copy = Chunk.make(capacity: Swift.max(capacity, header))
      withUnsafeMutablePointers { length, rows in
        copy.withUnsafeMutablePointerToElements { $0.initialize(from: rows, count: length.pointee) }
        copy.header = length.pointee
      }
      return copy
    }

    /// Calls `body` with the rows the chunk holds.
    func withUnsafeRows<Result>(_ body: (UnsafeBufferPointer<ArtistCellModelType>) -> Result) -> Result {
      withUnsafeMutablePointers { length, rows in body(UnsafeBufferPointer(start: rows, count: length.pointee)) }
    }

    deinit {
      withUnsafeMutablePointers { length, rows in _ = rows.deinitialize(count: length.pointee) }
    }
  }
}

// The rows are values: a chunk is written only while a single value holds it (a new one, or one found uniquely
// referenced), and values that share a chunk only read it.
extension ArtistTableRows: @unchecked Sendable {}
