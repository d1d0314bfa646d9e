/// A section of an artist page: its kind, header title, rows and their keys.
public struct ArtistTableSection: Identifiable, Hashable, Sendable {
  /// The kinds of sections, in display order.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// The artist's tracks.
    case tracks
    /// Playlists that feature the artist.
    case playlists
    /// Related artists.
    case relatedArtists

    /// The header title.
    public var title: String {
      switch self {
      case .tracks: "Tracks"
      case .playlists: "Playlists"
      case .relatedArtists: "Related Artists"
      }
    }
  }

  /// The section's kind, which identifies it.
  public var id: Kind
  /// The header title.
  public var title: String { id.title }
  /// The rows, in display order.
  public internal(set) var rows: [ArtistCellModelType]
  /// Each row's key, in the same order: what a table's diffable data source takes as item identifiers.
  public internal(set) var rowKeys: [RowKey]

  /// Creates a section of rows and their keys, one key per row, in the same order.
  ///
  /// Keys come from a data source; when there are more rows than keys, the rows without one are left out.
  public init(_ kind: Kind, rows: [ArtistCellModelType], rowKeys: [RowKey]) {
    id = kind
    self.rows = rows.count <= rowKeys.count ? rows : Array(rows.prefix(rowKeys.count))
    self.rowKeys = rowKeys.count <= rows.count ? rowKeys : Array(rowKeys.prefix(rows.count))
  }
}

/// What an artist page shows at one moment: its sections and its loading state.
public struct ArtistPageSnapshot: Hashable, Sendable {
  /// The non-empty sections, in display order.
  public var sections: [ArtistTableSection]
  /// Whether the page is loading, loaded or failed.
  public var state: ArtistTableDataSource.State
  /// How far the tracks have arrived.
  public var trackLoading: TrackLoading

  /// Creates a snapshot.
  public init(
    sections: [ArtistTableSection], state: ArtistTableDataSource.State, trackLoading: TrackLoading = .idle
  ) {
    self.sections = sections
    self.state = state
    self.trackLoading = trackLoading
  }

  /// Every row, in display order.
  public var cellModels: [ArtistCellModelType] { sections.flatMap(\.rows) }
}
