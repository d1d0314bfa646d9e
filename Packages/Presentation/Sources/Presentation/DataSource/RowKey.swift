/// The key a data source gives each row of its page: a row keeps it in every snapshot the data source
/// publishes (through sorts, filters, live changes and reloads that answer with the same rows), and no other
/// row of the page ever has it, not even a second row of a track the catalog lists twice.
///
/// It is what a table's diffable data source takes as item identifiers. It is a number, not the row's text
/// identifier (``ArtistCellModelType/ID``): a table's snapshot of a 100,000-row page is 100,000 numbers, which
/// are copied, hashed and dropped without touching anything else. An identifier that holds text retains its
/// text on every copy, and the texts of a large page lie scattered in memory: each copy of such a page costs
/// about 6 ms, more than a re-sort's own work (Tools/Benchmarks/README.md). Because the catalog may list a
/// track twice, the same text can name two rows; a key never names two.
///
/// A data source hands keys out counting up from 0 in the order rows first appear, so an app may keep an array
/// indexed by ``rawValue``.
public struct RowKey: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The key's number, counting from 0 in the order the data source's rows first appeared.
  public let rawValue: Int

  /// Creates the key with this number.
  @inlinable
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// Orders keys by number: the order their rows first appeared in.
  @inlinable
  public static func < (lhs: RowKey, rhs: RowKey) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// The hash value that sets, dictionaries and TableKit's snapshots and diff use: the number mixed with the
  /// table's seed by a 64-bit finaliser instead of a round of SipHash (a snapshot of a large page hashes every
  /// key as it is built).
  @inlinable
  public func _rawHashValue(seed: Int) -> Int {
    mixedHash(UInt64(UInt(bitPattern: rawValue)), seed: seed)
  }

  /// `row <number>`.
  public var description: String { "row \(rawValue)" }
}

/// `value` and `seed` mixed by a 64-bit finaliser (SplitMix64's), so that every bit of the result depends on
/// every bit of both: a hash value for types that already hold a well-spread number (a hash worked out once,
/// a counter) and need no round of SipHash.
@inlinable
func mixedHash(_ value: UInt64, seed: Int) -> Int {
  var mixed = value ^ UInt64(UInt(bitPattern: seed))
  mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
  mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
  return Int(truncatingIfNeeded: mixed ^ (mixed >> 31))
}
