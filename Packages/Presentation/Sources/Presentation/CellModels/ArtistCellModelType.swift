import Domain
import Foundation

/// One row of an artist page.
public enum ArtistCellModelType: Identifiable, Hashable, Sendable {
  /// A track of the artist.
  case track(TrackCellModel)
  /// A playlist that features the artist.
  case playlist(PlaylistCellModel)
  /// An artist related to this one.
  case relatedArtist(RelatedArtistCellModel)

  /// An identifier unique across the page: the kind of row and the model's identifier.
  ///
  /// A track row's identifier hashes without reading its text: a diff of a large page hashes every row's
  /// identifier, and the texts of 100,000 rows lie scattered in memory.
  public struct ID: Hashable, Sendable, CustomStringConvertible {
    /// The kinds of row.
    public enum Kind: Hashable, Sendable {
      /// A track.
      case track
      /// A playlist.
      case playlist
      /// A related artist.
      case relatedArtist
    }

    /// The kind of row.
    public let kind: Kind
    /// The model's identifier, as text.
    public let rawValue: String
    @usableFromInline let rawValueHash: Int

    /// Creates the identifier of a row of `kind` whose model has the identifier `rawValue`.
    public init(kind: Kind, rawValue: String) {
      self.init(kind: kind, rawValue: rawValue, rawValueHash: rawValue.hashValue)
    }

    @inlinable
    init(kind: Kind, rawValue: String, rawValueHash: Int) {
      self.kind = kind
      self.rawValue = rawValue
      self.rawValueHash = rawValueHash
    }

    /// Whether both name the same row.
    ///
    /// The texts' hashes are compared first: a hash table probing past other identifiers then rarely reads
    /// their texts.
    @inlinable
    public static func == (lhs: ID, rhs: ID) -> Bool {
      lhs.kind == rhs.kind && lhs.rawValueHash == rhs.rawValueHash && lhs.rawValue == rhs.rawValue
    }

    /// Hashes the kind and the text's hash, worked out when the identifier was made.
    @inlinable
    public func hash(into hasher: inout Hasher) {
      hasher.combine(kind)
      hasher.combine(rawValueHash)
    }

    /// The hash value that sets, dictionaries and TableKit's diff use: the text's hash (worked out when the
    /// identifier was made, with the process's random seed) and the kind, mixed with the table's seed by a
    /// 64-bit finaliser instead of a round of SipHash.
    ///
    /// A screen of 100,000 rows hashes every identifier on each snapshot it builds; with `Hasher` that was most
    /// of the cost (7.5 ms of a 100,000-item set, 1.4 ms this way; see Tools/Benchmarks/README.md). Equal
    /// identifiers still hash equally, and every bit of the result depends on every bit of the seed.
    @inlinable
    public func _rawHashValue(seed: Int) -> Int {
      let kindTag: UInt64 =
        switch kind {
        case .track: 0x9E37_79B9_7F4A_7C15
        case .playlist: 0xC2B2_AE3D_27D4_EB4F
        case .relatedArtist: 0x1656_67B1_9E37_79F9
        }
      return mixedHash(UInt64(UInt(bitPattern: rawValueHash)) &+ kindTag, seed: seed)
    }

    /// `track:<id>`, `playlist:<id>` or `artist:<id>`.
    public var description: String {
      switch kind {
      case .track: "track:\(rawValue)"
      case .playlist: "playlist:\(rawValue)"
      case .relatedArtist: "artist:\(rawValue)"
      }
    }
  }

  /// An identifier unique across the page: the kind of row and the model's identifier.
  @inlinable
  public var id: ID {
    switch self {
    case .track(let model): ID(kind: .track, rawValue: model.id.rawValue, rawValueHash: model.idHash)
    case .playlist(let model): ID(kind: .playlist, rawValue: model.id)
    case .relatedArtist(let model): ID(kind: .relatedArtist, rawValue: model.id)
    }
  }

  /// Whether both rows are the same kind with equal models.
  ///
  /// Written out: the synthesised comparison copies both rows first, which costs a large page's diff more
  /// than the comparing. Inlinable, so that a diff compares rows where they lie.
  @inlinable
  public static func == (lhs: ArtistCellModelType, rhs: ArtistCellModelType) -> Bool {
    switch lhs {
    case .track(let model):
      guard case .track(let other) = rhs else { return false }
      return model == other
    case .playlist(let model):
      guard case .playlist(let other) = rhs else { return false }
      return model == other
    case .relatedArtist(let model):
      guard case .relatedArtist(let other) = rhs else { return false }
      return model == other
    }
  }
}
