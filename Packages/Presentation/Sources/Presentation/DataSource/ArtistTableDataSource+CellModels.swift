// The page's cell models and row keys, built from what the APIs answered and what the managers say: tracks
// merged in, appended and dropped in the music API's order, playlists and related artists, and the keys
// that rows keep across reloads.

import Domain
import Foundation
import Services

extension ArtistTableDataSource {
  /// Makes the playlists' and related artists' rows; rows that keep their key with another model are marked
  /// changed.
  func load(_ playlists: [Playlist], _ related: [Artist]) {
    let before = Dictionary(
      zip(playlistKeys + relatedArtistKeys, playlistRows + relatedArtistRows), uniquingKeysWith: { first, _ in first })
    playlistKeys = keys(for: playlists.lazy.map(\.id), reusing: zip(self.playlists.map(\.id), playlistKeys))
    relatedArtistKeys = keys(
      for: related.lazy.map(\.id), reusing: zip(relatedArtists.map(\.id), relatedArtistKeys))
    self.playlists = playlists
    relatedArtists = related
    playlistRows = playlists.map { playlist in
      .playlist(PlaylistCellModel(id: playlist.id.rawValue, PlaylistPresentation(playlist: playlist)))
    }
    relatedArtistRows = related.map { artist in
      .relatedArtist(
        RelatedArtistCellModel(id: artist.id.rawValue, ArtistPresentation(artist: artist, formatting: formatting)))
    }
    for (key, row) in zip(playlistKeys + relatedArtistKeys, playlistRows + relatedArtistRows) {
      if let old = before[key], old != row { pendingChanges.changedRows.insert(key) }
    }
  }

  /// Puts `batch` (tracks from `offset` on, in the music API's order) on the page; returns whether the
  /// tracks changed.
  ///
  /// Tracks the page already holds there, showing what the managers say of them now, stay as they are (a
  /// reload that answers as before changes nothing); otherwise every track from `offset` on is replaced.
  func merge(_ batch: [Track], at offset: Int) -> Bool {
    let end = offset + batch.count
    if end <= tracks.count, tracks[offset..<end].elementsEqual(batch), modelsShowTheManagersStates(in: offset..<end) {
      return false
    }
    // Rows of tracks that come back keep their keys; those whose model is not the same are marked changed.
    let replaced = min(offset, tracks.count)...
    let keys = keys(for: batch.lazy.map(\.id), reusing: zip(tracks[replaced].map(\.id), trackKeys[replaced]))
    let (replacedModels, replacedKeys) = (Array(models[replaced]), Array(trackKeys[replaced]))
    keepOnly(offset)
    append(batch, keys: keys)
    markChangedModels(replacedModels, keys: replacedKeys, from: offset)
    return true
  }

  /// Marks changed the rows from `offset` on whose key one of the `replaced` models (of the rows with `keys`)
  /// had, with another model; which of them are on the page is settled when the rows are rebuilt.
  private func markChangedModels(_ replaced: [TrackCellModel], keys replacedKeys: [RowKey], from offset: Int) {
    guard !replaced.isEmpty else { return }
    // Rows usually keep their places; a key found elsewhere is looked up by number (keys are small numbers).
    var oldIndexOfKey: [Int]?
    for index in offset..<tracks.count {
      let key = trackKeys[index]
      let place = index - offset
      let old: Int?
      if place < replacedKeys.count, replacedKeys[place] == key {
        old = place
      } else {
        if oldIndexOfKey == nil {
          var lookup = [Int](repeating: -1, count: nextRowKey)
          for (oldIndex, oldKey) in replacedKeys.enumerated() { lookup[oldKey.rawValue] = oldIndex }
          oldIndexOfKey = lookup
        }
        old = oldIndexOfKey.map { $0[key.rawValue] }.flatMap { $0 >= 0 ? $0 : nil }
      }
      if let old, replaced[old] != models[index] { pendingChanges.changedRows.insert(key) }
    }
  }

  /// A fresh key for a row that was not on the page.
  private func newRowKey() -> RowKey {
    defer { nextRowKey += 1 }
    return RowKey(rawValue: nextRowKey)
  }

  /// Keys for rows with `identifiers`, in order: the key a row with the same identifier had in `previous`
  /// (each key used once, first come first served), else a new one.
  ///
  /// With nothing to reuse (a page's first load), no identifier is read.
  private func keys<ID: Hashable>(
    for identifiers: some Collection<ID>, reusing previous: some Sequence<(ID, RowKey)>
  ) -> [RowKey] {
    var released: [ID: ArraySlice<RowKey>] = [:]
    for (id, key) in previous { released[id, default: []].append(key) }
    guard !released.isEmpty else { return (0..<identifiers.count).map { _ in newRowKey() } }
    return identifiers.map { released[$0]?.popFirst() ?? newRowKey() }
  }

  /// Drops the tracks after the first `count`; returns whether there were any.
  @discardableResult
  func keepOnly(_ count: Int) -> Bool {
    guard tracks.count > count else { return false }
    for model in models[count...] { forget(model) }
    tracks.removeSubrange(count...)
    models.removeSubrange(count...)
    trackKeys.removeSubrange(count...)
    titleKeys?.keepFirst(count)
    indexOfTrack = nil
    return true
  }

  /// Makes room for `count` tracks, their models and keys, so that batches append without copying.
  func reserveTrackCapacity(_ count: Int) {
    guard count > tracks.capacity else { return }
    tracks.reserveCapacity(count)
    models.reserveCapacity(count)
    trackKeys.reserveCapacity(count)
  }

  /// Appends `batch`'s tracks, whose rows have `keys`.
  private func append(_ batch: [Track], keys: [RowKey]) {
    guard !batch.isEmpty else { return }
    // Keys already made stay valid: the batch's titles come after them.
    titleKeys?.append(batch.map(\.title), locale: formatting.locale)
    indexOfTrack = nil
    var durations = DurationTexts()
    var dates = ReleaseDateText(formatting: formatting)
    let trackIDs = batch.map(\.id)
    let downloadStates = downloadsManager.downloadStates(of: trackIDs)
    let favourites = favouritesManager?.favouriteStates(of: trackIDs) ?? Array(repeating: false, count: batch.count)
    // Appending to the previous page's storage: a large page's arrays are megabytes, and fresh memory costs
    // page faults.
    tracks.append(contentsOf: batch)
    if models.capacity < tracks.count { models.reserveCapacity(tracks.count) }
    trackKeys.append(contentsOf: keys)
    for (index, track) in batch.enumerated() {
      let model = TrackCellModel(
        id: track.id,
        title: track.title,
        duration: durations.string(from: track.duration),
        releaseDate: dates.string(from: track.releaseDate),
        isExplicit: track.containsExplicitLyrics,
        isFavourited: favourites[index],
        downloadStatus: TrackCellModel.DownloadStatus(downloadStates[index]),
        isPlaying: track.id == nowPlaying
      )
      count(model)
      models.append(model)
    }
  }

  /// Counts a model that goes (see ``modelsShowingADownload``).
  func forget(_ model: TrackCellModel) {
    if model.isFavourited { modelsShowingAFavourite -= 1 }
    if model.downloadStatus != .notDownloaded { modelsShowingADownload -= 1 }
  }

  /// Counts a model that comes (see ``modelsShowingADownload``).
  func count(_ model: TrackCellModel) {
    if model.isFavourited { modelsShowingAFavourite += 1 }
    if model.downloadStatus != .notDownloaded { modelsShowingADownload += 1 }
  }

  /// Whether every track's models show what the managers say of it now.
  ///
  /// First the quick way: it asks the managers for the tracks they hold a state for (downloads, favourites) and
  /// looks only those up on the page; the tracks the page shows with a download or a favourite are counted as
  /// models change, so a model that shows one the managers no longer hold is caught by the counts. When that
  /// says no, every model is compared with the managers (the answer that counts), and the counts are taken
  /// again if they had gone wrong.
  func rowsShowManagersStates() -> Bool {
    if countedRowsShowManagersStates() { return true }
    guard modelsShowTheManagersStates(in: 0..<tracks.count) else { return false }
    modelsShowingADownload = models.count { $0.downloadStatus != .notDownloaded }
    modelsShowingAFavourite = models.count(where: \.isFavourited)
    return true
  }

  private func countedRowsShowManagersStates() -> Bool {
    let downloads = downloadsManager.knownDownloadStates
    var shownDownloads = 0
    for (trackID, state) in downloads {
      let status = TrackCellModel.DownloadStatus(state)
      for index in indices(of: trackID) {
        guard models[index].downloadStatus == status else { return false }
        shownDownloads += 1
      }
    }
    guard shownDownloads == modelsShowingADownload else { return false }
    let favourites = favouritesManager?.favouritedTrackIDs ?? []
    var shownFavourites = 0
    for trackID in favourites {
      for index in indices(of: trackID) {
        guard models[index].isFavourited else { return false }
        shownFavourites += 1
      }
    }
    return shownFavourites == modelsShowingAFavourite
  }

  /// Whether the cell models in `range` show what the managers say of their tracks now (changes they announced
  /// may still be on their way).
  func modelsShowTheManagersStates(in range: Range<Int>) -> Bool {
    let trackIDs = tracks[range].map(\.id)
    let downloadStates = downloadsManager.downloadStates(of: trackIDs)
    let favourites = favouritesManager?.favouriteStates(of: trackIDs) ?? Array(repeating: false, count: range.count)
    return zip(models[range], zip(favourites, downloadStates)).allSatisfy { model, states in
      model.isFavourited == states.0 && model.downloadStatus == TrackCellModel.DownloadStatus(states.1)
    }
  }
}
