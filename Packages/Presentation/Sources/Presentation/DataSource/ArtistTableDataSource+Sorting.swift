// The page's rows in display order: the tracks that belong on the page (the page kind's rule, and the explicit
// filter for the user), sorted by the sort mode with favourites pinned first, then the playlists and related
// artists, grouped in sections.

import Domain
import Foundation

extension ArtistTableDataSource {
  /// Filters, sorts and pins favourites, then publishes, with the rows that came, went or moved.
  func rebuildRows() {
    if sortMode == .alphabeticalAscending || sortMode == .alphabeticalDescending, titleKeys == nil {
      titleKeys = TitleSortKeys(tracks.map(\.title), locale: formatting.locale)
    }
    let order = Self.order(
      tracks, favourites: models.map(\.isFavourited), showsExplicit: user.mayBeShownExplicitLyrics,
      belongs: source.belongs, sortMode: sortMode, titleKeys: titleKeys)
    var rowOfTrack = [Int](repeating: -1, count: tracks.count)
    for (row, index) in order.enumerated() { rowOfTrack[index] = row }
    // Rows are written in the music API's order, each to its place: reading the cell models (and touching
    // their text) in that order follows the order they were made in, where reading them in display order
    // would jump across a large page's memory for every row.
    let (models, keys) = (models, trackKeys)
    var trackRowKeys: [RowKey] = []
    let trackRows = ArtistTableRows(unsafeUninitializedCount: order.count) { rows in
      trackRowKeys = [RowKey](unsafeUninitializedCapacity: order.count) { rowKeys, keyCount in
        for (index, row) in rowOfTrack.enumerated() where row >= 0 {
          rows.initialize(row, to: .track(models[index]))
          rowKeys[row] = keys[index]
        }
        keyCount = order.count
      }
    }
    self.rowOfTrack = rowOfTrack
    let old = sections
    sections = [
      ArtistTableSection(.tracks, rows: trackRows, rowKeys: trackRowKeys),
      ArtistTableSection(.playlists, rows: playlistRows, rowKeys: playlistKeys),
      ArtistTableSection(.relatedArtists, rows: relatedArtistRows, rowKeys: relatedArtistKeys),
    ].filter { !$0.rows.isEmpty }
    recordRowChanges(from: old)
    publish()
  }

  /// Whether a track belongs on the page: the page kind's rule (``TrackSource/belongs``) and the user's
  /// explicit filter, written once for building the rows and for a favourite that brings a hidden row back.
  nonisolated static func belongsOnPage(
    _ track: Track, isFavourited: Bool, user: User,
    rule: (@Sendable (_ track: Track, _ isFavourited: Bool) -> Bool)?
  ) -> Bool {
    (user.mayBeShownExplicitLyrics || !track.containsExplicitLyrics) && rule?(track, isFavourited) ?? true
  }

  /// Indices of the tracks that belong on the page, in display order.
  ///
  /// Favourites first, each group in the sort mode's order; ties keep the music API's order. Not isolated:
  /// sorting 100,000 rows should not check the executor on every comparison.
  private nonisolated static func order(
    _ tracks: [Track], favourites: [Bool], showsExplicit: Bool,
    belongs: (@Sendable (_ track: Track, _ isFavourited: Bool) -> Bool)?, sortMode: TrackSortMode,
    titleKeys: TitleSortKeys?
  ) -> [Int] {
    // The rule that ``belongsOnPage(_:isFavourited:user:rule:)`` states, applied to the whole page: the explicit
    // filter reads one field where it lies; the page kind's rule, when there is one, is asked per track.
    var indices = Array(tracks.indices)
    if !showsExplicit { indices.removeAll { tracks[$0].containsExplicitLyrics } }
    if let belongs { indices.removeAll { !belongs(tracks[$0], favourites[$0]) } }
    switch sortMode {
    case .catalogOrder:
      break
    case .alphabeticalAscending, .alphabeticalDescending:
      if let keys = titleKeys { indices = keys.sorted(indices, ascending: sortMode == .alphabeticalAscending) }
    case .mostPopular:
      indices = sorted(indices, descending: true, by: tracks.map { Double($0.popularity) })
    case .newest:
      indices = sorted(indices, descending: true, by: tracks.map(\.releaseDate.timeIntervalSinceReferenceDate))
    case .longest:
      indices = sorted(indices, descending: true, by: tracks.map(\.duration))
    case .shortest:
      indices = sorted(indices, descending: false, by: tracks.map(\.duration))
    }
    let pinned = indices.filter { favourites[$0] }
    guard !pinned.isEmpty, pinned.count < indices.count else { return indices }
    return pinned + indices.filter { !favourites[$0] }
  }

  /// `indices` ordered by `keys` (one per track), ties in index order.
  ///
  /// Sorts compact (key, index) pairs: comparing tracks where they lie would read a large page's memory
  /// at random for every comparison.
  private nonisolated static func sorted(_ indices: [Int], descending: Bool, by keys: [Double]) -> [Int] {
    var entries = indices.map { (key: keys[$0], index: $0) }
    if descending {
      entries.sort { ($1.key, $0.index) < ($0.key, $1.index) }
    } else {
      entries.sort { ($0.key, $0.index) < ($1.key, $1.index) }
    }
    return entries.map(\.index)
  }
}
