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
  ///
  /// They read like an array; a change to one row shares the storage of the others with the snapshots before
  /// (see ``ArtistTableRows``).
  public internal(set) var rows: ArtistTableRows
  /// Each row's key, in the same order: what a table's diffable data source takes as item identifiers.
  public internal(set) var rowKeys: [RowKey]

  /// Creates a section of rows and their keys, one key per row, in the same order.
  ///
  /// Keys come from a data source; when there are more rows than keys, the rows without one are left out.
  public init(_ kind: Kind, rows: ArtistTableRows, rowKeys: [RowKey]) {
    id = kind
    self.rows = rows.count <= rowKeys.count ? rows : ArtistTableRows(rows.prefix(rowKeys.count))
    self.rowKeys = rowKeys.count <= rows.count ? rowKeys : Array(rowKeys.prefix(rows.count))
  }

  /// Creates a section of the rows of an array and their keys, one key per row, in the same order; rows
  /// without a key are left out.
  public init(_ kind: Kind, rows: [ArtistCellModelType], rowKeys: [RowKey]) {
    self.init(kind, rows: ArtistTableRows(rows.prefix(rowKeys.count)), rowKeys: rowKeys)
  }
}

/// What an artist page shows at one moment: its sections and its loading state.
///
/// A data source numbers the snapshots it publishes (``revision``), so that a screen that shows snapshots both as
/// they arrive and when a command asks can tell an older one from a newer one, and says what changed since the
/// one before (``changes``), so that a screen applies it without comparing rows. Two snapshots that show the
/// same page are equal whatever their revisions and changes.
public struct ArtistPageSnapshot: Hashable, Sendable {
  /// The non-empty sections, in display order.
  public var sections: [ArtistTableSection]
  /// Whether the page is loading, loaded or failed.
  public var state: ArtistTableDataSource.State
  /// How far the tracks have arrived.
  public var trackLoading: TrackLoading
  /// Which of its data source's publications this snapshot is: a later snapshot has a greater revision.
  ///
  /// A snapshot of the data source's current state has the last published revision; one made elsewhere has 0.
  /// It is not part of equality: it says when, not what.
  public var revision: Int
  /// What changed row by row since the revision before this one (``revision`` - 1); for the changes since an
  /// older one, ask the data source (``ArtistTableDataSource/changes(since:upTo:)``).
  ///
  /// Not part of equality either: it says how the page got here, not what it shows.
  public var changes: ArtistPageChanges

  /// Creates a snapshot.
  public init(
    sections: [ArtistTableSection], state: ArtistTableDataSource.State, trackLoading: TrackLoading = .idle,
    revision: Int = 0, changes: ArtistPageChanges = ArtistPageChanges()
  ) {
    self.sections = sections
    self.state = state
    self.trackLoading = trackLoading
    self.revision = revision
    self.changes = changes
  }

  /// Every row, in display order.
  public var cellModels: [ArtistCellModelType] { sections.flatMap(\.rows) }

  /// Whether both show the same page: the same sections, state and loading, whatever their revisions.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.sections == rhs.sections && lhs.state == rhs.state && lhs.trackLoading == rhs.trackLoading
  }

  /// Hashes what the page shows, not its revision.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(sections)
    hasher.combine(state)
    hasher.combine(trackLoading)
  }
}
