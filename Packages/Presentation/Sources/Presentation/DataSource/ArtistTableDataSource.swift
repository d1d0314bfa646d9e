import Domain
import Foundation
import Services

/// The artist page's data source: it combines the music API, playlists, downloads and favourites into cell
/// models that fully describe every row, in display order.
///
/// Main-actor isolated, like the table view it feeds: every property is read and every change is made on
/// the main actor, so there is nothing to race. It observes the downloads and favourites managers from the
/// moment `init` returns — no change made after that is missed — and updates its own cell models when a
/// download progresses, completes or fails, or a favourite changes, without asking the music API again.
/// Each new state is published on ``updates()`` as an ``ArtistPageSnapshot``; the view layer diffs
/// successive snapshots.
///
/// Tracks arrive in pages (``trackPaging``): a reload returns once the first page, the playlists and the
/// related artists are shown, and the rest of the tracks arrive in the background in growing pages, each
/// batch appended and published (``trackLoading`` says how far it is; ``waitUntilLoaded()`` waits for the
/// end). Pages are asked for in the catalog's order and sorted here, so sorting, pinning and filtering are
/// right at every moment.
@MainActor
public final class ArtistTableDataSource {
  /// Where the page stands.
  public enum State: Hashable, Sendable {
    /// Never loaded.
    case idle
    /// A reload is in flight (the previous cell models stay until it succeeds).
    case loading
    /// The last reload's first page succeeded (``ArtistTableDataSource/trackLoading`` says whether more
    /// pages are on their way).
    case loaded
    /// The last reload, or one of its later pages, failed; the cell models it had were kept.
    case failed(reason: String)
  }

  /// The artist whose page this is.
  public let artistID: Artist.ID
  /// The page's state.
  public private(set) var state: State = .idle
  /// How far the tracks of the last reload have arrived.
  public private(set) var trackLoading = TrackLoading.idle
  /// ``trackLoading`` for people, in the page's locale: "loading 1,000 of 100,000 tracks", or nil when every
  /// track is shown.
  public var trackLoadingText: String? { trackLoading.text(locale: formatting.locale) }
  /// The page sizes reloads ask for; a change applies from the next reload.
  public var trackPaging: TrackPaging
  /// Every row, in display order: tracks, then playlists, then related artists.
  public var cellModels: [ArtistCellModelType] { sections.flatMap(\.rows) }
  /// The same rows grouped in sections with header titles; empty sections are omitted.
  public private(set) var sections: [ArtistTableSection] = []

  /// How tracks are ordered; setting it re-sorts at once, without fetching again.
  public var sortMode: TrackSortMode = .catalogOrder {
    didSet { if sortMode != oldValue { rebuildRows() } }
  }

  /// Who is looking: a user under 18 never sees tracks with explicit lyrics.
  ///
  /// Setting it re-filters at once, without fetching again.
  public var user: User {
    didSet { if user != oldValue { rebuildRows() } }
  }

  /// How long a reload waits for the music and playlist APIs before it fails as timed out; nil (the
  /// default) waits as long as they take.
  ///
  /// A reload that times out cancels its requests, keeps the previous cell models and sets ``state`` to
  /// `.failed` with a reason that says how long it waited. It applies to the first page: the later pages take
  /// as long as they take while the page is already shown.
  public var reloadTimeout: Duration?

  private let musicAPI: any MusicAPI
  private let downloadsManager: any DownloadsManager
  private let playlistAPI: (any PlaylistAPI)?
  private let favouritesManager: (any FavouritesManager)?
  private let formatting: PresentationFormatting
  private let broadcaster = ChangeBroadcaster<ArtistPageSnapshot>()
  private var observations: [Task<Void, Never>] = []
  private var latestReload = 0
  private var paging: Task<Void, Never>?
  private var loadWaiters: [Int: CheckedContinuation<Void, Never>] = [:]
  private var nextLoadWaiter = 0

  // The last successful answers, and what the page made of them. Tracks, their cell models and their rows'
  // keys are kept in parallel arrays, in the music API's order; lookups by identifier are built only when
  // needed.
  private var tracks: [Track] = []
  private var models: [TrackCellModel] = []
  private var trackKeys: [RowKey] = []
  private var titleKeys: TitleSortKeys?
  private var indexOfTrack: [Track.ID: Int]?
  private var repeatedTracks: [Track.ID: [Int]] = [:]
  private var rowOfTrack: [Int] = []
  private var playlists: [Playlist] = []
  private var relatedArtists: [Artist] = []
  private var hasLoaded = false
  private var playlistRows: [ArtistCellModelType] = []
  private var relatedArtistRows: [ArtistCellModelType] = []
  private var playlistKeys: [RowKey] = []
  private var relatedArtistKeys: [RowKey] = []
  private var nextRowKey = 0

  /// Creates the data source and starts observing the managers; call ``reload()`` to load the page.
  public init(
    artistID: Artist.ID,
    musicAPI: any MusicAPI,
    downloadsManager: any DownloadsManager,
    playlistAPI: (any PlaylistAPI)? = nil,
    favouritesManager: (any FavouritesManager)? = nil,
    user: User = .adult,
    formatting: PresentationFormatting = .current,
    reloadTimeout: Duration? = nil,
    trackPaging: TrackPaging = TrackPaging()
  ) {
    self.artistID = artistID
    self.trackPaging = trackPaging
    self.reloadTimeout = reloadTimeout
    self.musicAPI = musicAPI
    self.downloadsManager = downloadsManager
    self.playlistAPI = playlistAPI
    self.favouritesManager = favouritesManager
    self.user = user
    self.formatting = formatting
    // Subscribe now, iterate later: the streams buffer every change made after these calls.
    let downloadChanges = downloadsManager.changes()
    let favouriteChanges = favouritesManager?.changes()
    observations.append(
      Task { [weak self] in
        for await change in downloadChanges {
          guard let self else { return }
          self.showDownloadState(of: change.trackID)
        }
      })
    if let favouriteChanges {
      observations.append(
        Task { [weak self] in
          for await change in favouriteChanges {
            guard let self else { return }
            self.showFavouriteState(of: change.trackID)
          }
        })
    }
  }

  isolated deinit {
    for observation in observations { observation.cancel() }
    paging?.cancel()
    for waiter in loadWaiters.values { waiter.resume() }
    broadcaster.finish()
  }

  /// A stream of every snapshot published from now on: after each reload, sort, filter or live change.
  public func updates() -> AsyncStream<ArtistPageSnapshot> {
    broadcaster.stream()
  }

  /// The track playing, marked on its rows (``TrackCellModel/isPlaying``); see ``play(_:)``.
  public private(set) var nowPlaying: Track.ID?

  /// The current snapshot.
  public var snapshot: ArtistPageSnapshot {
    ArtistPageSnapshot(sections: sections, state: state, trackLoading: trackLoading)
  }

  /// The track with this identifier as last loaded (hidden or not), for actions such as downloading.
  public func track(withID id: Track.ID) -> Track? {
    index(of: id).map { tracks[$0] }
  }

  /// Fetches the first page of tracks, the playlists and the related artists, asks the managers about every
  /// track, rebuilds the cell models, and returns; the rest of the tracks then arrive in the background.
  ///
  /// A failed reload keeps the previous cell models and sets ``state`` to `.failed`. When reloads
  /// overlap, only the most recent one's answer is used: a stale answer never replaces a newer one, and a
  /// newer reload stops the older one's background pages. A reload that answers as before keeps its rows.
  public func reload() async {
    latestReload += 1
    let reload = latestReload
    paging?.cancel()
    paging = nil
    state = .loading
    publish()
    let firstPage = TrackPageRequest(offset: 0, limit: trackPaging.firstPageSize, order: .catalog)
    let answer: Answer
    do {
      if let reloadTimeout {
        answer = try await Self.fetch(within: reloadTimeout) { [artistID, musicAPI, playlistAPI] in
          try await Self.fetch(artistID, firstPage, musicAPI: musicAPI, playlistAPI: playlistAPI)
        }
      } else {
        answer = try await Self.fetch(artistID, firstPage, musicAPI: musicAPI, playlistAPI: playlistAPI)
      }
    } catch {
      guard reload == latestReload else { return }
      state = .failed(reason: String(describing: error))
      trackLoading.isInProgress = false
      publish()
      resumeLoadWaiters()
      return
    }
    guard reload == latestReload else { return }
    state = .loaded
    var changed = !hasLoaded || answer.playlists != playlists || answer.related != relatedArtists
    if changed { load(answer.playlists, answer.related) }
    hasLoaded = true
    let page = answer.page
    let isComplete = page.nextOffset == nil
    changed = merge(page.tracks, at: 0) || changed
    if isComplete { changed = keepOnly(page.tracks.count) || changed }
    trackLoading = TrackLoading(loadedCount: page.tracks.count, totalCount: page.total, isInProgress: !isComplete)
    // A reload whose answers did not change keeps its rows, storage and all, and showing them again is free.
    if changed { rebuildRows() } else { publish() }
    if isComplete {
      resumeLoadWaiters()
    } else {
      fetchRemainingPages(of: reload, from: page.tracks.count, after: page.tracks.count)
    }
  }

  /// Waits until the tracks of the reloads made so far have all arrived, or failed; returns at once when
  /// nothing is loading, and when the calling task is cancelled.
  public func waitUntilLoaded() async {
    guard isLoading else { return }
    let id = nextLoadWaiter
    nextLoadWaiter += 1
    await withTaskCancellationHandler {
      await withCheckedContinuation { waiter in
        if Task.isCancelled || !isLoading {
          waiter.resume()
        } else {
          loadWaiters[id] = waiter
        }
      }
    } onCancel: {
      Task { @MainActor [weak self] in self?.loadWaiters.removeValue(forKey: id)?.resume() }
    }
  }

  /// Whether a reload or its background pages are in flight.
  private var isLoading: Bool { state == .loading || trackLoading.isInProgress }

  private func resumeLoadWaiters() {
    guard !isLoading else { return }
    let waiters = loadWaiters.values
    loadWaiters = [:]
    for waiter in waiters { waiter.resume() }
  }

  // MARK: Paging

  /// Fetches the pages after `offset` in the background, in growing sizes, and shows them in batches.
  ///
  /// Tracks are shown when the batch waiting is three times as long as the page already holds (and at the
  /// end): rebuilding a sorted page costs O(n log n), so a 100,000-track page is rebuilt about six times, not
  /// once per page, and all the rebuilds together cost about a third more than one.
  private func fetchRemainingPages(of reload: Int, from offset: Int, after firstPageSize: Int) {
    let (musicAPI, artistID, policy) = (musicAPI, artistID, trackPaging)
    paging = Task { [weak self] in
      var shown = offset
      var batch: [Track] = []
      var size = policy.size(after: firstPageSize)
      while true {
        let request = TrackPageRequest(offset: shown + batch.count, limit: size, order: .catalog)
        let result: Result<TrackPage, MusicAPIError>
        do throws(MusicAPIError) {
          result = .success(try await musicAPI.tracks(ofArtist: artistID, page: request))
        } catch {
          result = .failure(error)
        }
        guard !Task.isCancelled, let self, reload == self.latestReload else { return }
        switch result {
        case .failure(let error):
          self.showPageFailure(error, batch: batch, at: shown)
          return
        case .success(let page):
          batch += page.tracks
          let isComplete = page.nextOffset == nil
          if isComplete || batch.count >= max(3 * shown, policy.firstPageSize) {
            self.show(batch, at: shown, total: page.total, isComplete: isComplete)
            shown += batch.count
            batch = []
          }
          if isComplete {
            self.paging = nil
            self.resumeLoadWaiters()
            return
          }
          size = policy.size(after: size)
        }
      }
    }
  }

  /// Shows a batch of tracks that starts at `offset` in the catalog's order.
  private func show(_ batch: [Track], at offset: Int, total: Int, isComplete: Bool) {
    var changed = merge(batch, at: offset)
    if isComplete { changed = keepOnly(offset + batch.count) || changed }
    trackLoading = TrackLoading(loadedCount: offset + batch.count, totalCount: total, isInProgress: !isComplete)
    if changed { rebuildRows() } else { publish() }
  }

  /// Shows the tracks that arrived before a page failed, and the failure; the rows shown stay.
  private func showPageFailure(_ error: MusicAPIError, batch: [Track], at offset: Int) {
    paging = nil
    state = .failed(reason: String(describing: error))
    if merge(batch, at: offset) { rebuildRows() }
    trackLoading = TrackLoading(
      loadedCount: offset + batch.count, totalCount: trackLoading.totalCount, isInProgress: false)
    publish()
    resumeLoadWaiters()
  }

  // MARK: Fetching

  /// What a reload fetched.
  private typealias Answer = (page: TrackPage, playlists: [Playlist], related: [Artist])

  /// Asks the APIs for the first page of tracks, the playlists and the related artists at once.
  private nonisolated static func fetch(
    _ artistID: Artist.ID, _ firstPage: TrackPageRequest, musicAPI: any MusicAPI, playlistAPI: (any PlaylistAPI)?
  ) async throws -> Answer {
    async let fetchedTracks = musicAPI.tracks(ofArtist: artistID, page: firstPage)
    async let fetchedPlaylists = playlistAPI?.playlists(featuring: artistID) ?? []
    async let fetchedRelated = musicAPI.relatedArtists(of: artistID)
    return try await (fetchedTracks, fetchedPlaylists, fetchedRelated)
  }

  /// Runs `fetch`, failing with ``ReloadTimedOut`` if it has not answered within `timeout`.
  ///
  /// The fetch runs in a task of its own, cancelled when the time is up (or the caller is cancelled): the
  /// timeout holds even for an API that does not answer cancellation promptly. The outcome is settled on the
  /// main actor, so it needs no lock.
  private static func fetch(
    within timeout: Duration, _ fetch: @escaping @Sendable () async throws -> Answer
  ) async throws -> Answer {
    let outcome = FirstOutcome<Answer>()
    let fetching = Task { @MainActor in
      do {
        outcome.settle(.success(try await fetch()))
      } catch {
        outcome.settle(.failure(error))
      }
    }
    let timer = Task { @MainActor in
      try? await Task.sleep(for: timeout)
      outcome.settle(.failure(ReloadTimedOut(timeout: timeout)))
    }
    defer {
      fetching.cancel()
      timer.cancel()
    }
    return try await withTaskCancellationHandler {
      try await outcome.value()
    } onCancel: {
      fetching.cancel()
    }
  }

  // MARK: Building cell models

  private func load(_ playlists: [Playlist], _ related: [Artist]) {
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
  }

  /// Puts `batch` (tracks from `offset` on, in the music API's order) on the page; returns whether the
  /// tracks changed.
  ///
  /// Tracks the page already holds there, showing what the managers say of them now, stay as they are (a
  /// reload that answers as before changes nothing); otherwise every track from `offset` on is replaced.
  private func merge(_ batch: [Track], at offset: Int) -> Bool {
    let end = offset + batch.count
    if end <= tracks.count, tracks[offset..<end].elementsEqual(batch), modelsShowTheManagersStates(in: offset..<end) {
      return false
    }
    // Rows of tracks that come back keep their keys.
    let replaced = min(offset, tracks.count)...
    let keys = keys(for: batch.lazy.map(\.id), reusing: zip(tracks[replaced].map(\.id), trackKeys[replaced]))
    keepOnly(offset)
    append(batch, keys: keys)
    return true
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
  private func keepOnly(_ count: Int) -> Bool {
    guard tracks.count > count else { return false }
    tracks.removeSubrange(count...)
    models.removeSubrange(count...)
    trackKeys.removeSubrange(count...)
    titleKeys?.keepFirst(count)
    indexOfTrack = nil
    return true
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
    models.reserveCapacity(tracks.count)
    trackKeys.append(contentsOf: keys)
    for (index, track) in batch.enumerated() {
      models.append(
        TrackCellModel(
          id: track.id,
          title: track.title,
          duration: durations.string(from: track.duration),
          releaseDate: dates.string(from: track.releaseDate),
          isExplicit: track.containsExplicitLyrics,
          isFavourited: favourites[index],
          downloadStatus: TrackCellModel.DownloadStatus(downloadStates[index]),
          isPlaying: track.id == nowPlaying
        ))
    }
  }

  /// Whether the cell models in `range` show what the managers say of their tracks now (changes they announced
  /// may still be on their way).
  private func modelsShowTheManagersStates(in range: Range<Int>) -> Bool {
    let trackIDs = tracks[range].map(\.id)
    let downloadStates = downloadsManager.downloadStates(of: trackIDs)
    let favourites = favouritesManager?.favouriteStates(of: trackIDs) ?? Array(repeating: false, count: range.count)
    return zip(models[range], zip(favourites, downloadStates)).allSatisfy { model, states in
      model.isFavourited == states.0 && model.downloadStatus == TrackCellModel.DownloadStatus(states.1)
    }
  }

  /// Filters, sorts and pins favourites, then publishes.
  private func rebuildRows() {
    if sortMode == .alphabeticalAscending || sortMode == .alphabeticalDescending, titleKeys == nil {
      titleKeys = TitleSortKeys(tracks.map(\.title), locale: formatting.locale)
    }
    let order = Self.order(
      tracks, favourites: models.map(\.isFavourited), showsExplicit: user.mayBeShownExplicitLyrics,
      sortMode: sortMode, titleKeys: titleKeys)
    var rowOfTrack = [Int](repeating: -1, count: tracks.count)
    for (row, index) in order.enumerated() { rowOfTrack[index] = row }
    // Rows are written in the music API's order, each to its place: reading the cell models (and touching
    // their text) in that order follows the order they were made in, where reading them in display order
    // would jump across a large page's memory for every row.
    let (models, keys) = (models, trackKeys)
    var trackRowKeys: [RowKey] = []
    let trackRows = [ArtistCellModelType](unsafeUninitializedCapacity: order.count) { rows, count in
      trackRowKeys = [RowKey](unsafeUninitializedCapacity: order.count) { rowKeys, keyCount in
        for (index, row) in rowOfTrack.enumerated() where row >= 0 {
          (rows.baseAddress! + row).initialize(to: .track(models[index]))
          rowKeys[row] = keys[index]
        }
        keyCount = order.count
      }
      count = order.count
    }
    self.rowOfTrack = rowOfTrack
    sections = [
      ArtistTableSection(.tracks, rows: trackRows, rowKeys: trackRowKeys),
      ArtistTableSection(.playlists, rows: playlistRows, rowKeys: playlistKeys),
      ArtistTableSection(.relatedArtists, rows: relatedArtistRows, rowKeys: relatedArtistKeys),
    ].filter { !$0.rows.isEmpty }
    publish()
  }

  /// Indices of the tracks the user may see, in display order.
  ///
  /// Favourites first, each group in the sort mode's order; ties keep the music API's order. Not isolated:
  /// sorting 100,000 rows should not check the executor on every comparison.
  private nonisolated static func order(
    _ tracks: [Track], favourites: [Bool], showsExplicit: Bool, sortMode: TrackSortMode, titleKeys: TitleSortKeys?
  ) -> [Int] {
    var indices = Array(tracks.indices)
    if !showsExplicit {
      indices.removeAll { tracks[$0].containsExplicitLyrics }
    }
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
    guard !pinned.isEmpty else { return indices }
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

  private func index(of trackID: Track.ID) -> Int? {
    indices(of: trackID).first
  }

  /// Every position of a track in the music API's answer: usually one, more if the API repeats an ID.
  private func indices(of trackID: Track.ID) -> [Int] {
    if indexOfTrack == nil {
      var lookup: [Track.ID: Int] = [:]
      lookup.reserveCapacity(tracks.count)
      var repeated: [Track.ID: [Int]] = [:]
      for (index, track) in tracks.enumerated() {
        if let first = lookup[track.id] {
          repeated[track.id, default: [first]].append(index)
        } else {
          lookup[track.id] = index
        }
      }
      indexOfTrack = lookup
      repeatedTracks = repeated
    }
    if let all = repeatedTracks[trackID] { return all }
    return indexOfTrack?[trackID].map { [$0] } ?? []
  }

  // MARK: Live changes

  /// Carries out one of a track row's actions through the page's managers, then shows the track's rows as the
  /// managers have them, before their announcements arrive; the page's next snapshot is published by then.
  ///
  /// Actions go through here rather than to the managers directly, so that the rows this data source publishes
  /// are never behind a change it made. The rows are brought up to date whether the action succeeded or not.
  public func perform(_ action: TrackAction, onTrackWithID id: Track.ID) async throws(TrackActionError) {
    defer { showManagersState(of: id) }
    switch action {
    case .download:
      guard let track = track(withID: id) else { throw .trackNotOnPage(id) }
      do throws(DownloadError) { try await downloadsManager.startDownload(of: track) } catch { throw .download(error) }
    case .cancelDownload:
      do throws(DownloadError) { try await downloadsManager.cancelDownload(of: id) } catch { throw .download(error) }
    case .removeDownload:
      do throws(DownloadError) { try await downloadsManager.removeDownload(of: id) } catch { throw .download(error) }
    case .favourite, .unfavourite:
      guard let favouritesManager else { throw .noFavourites }
      do throws(FavouritesError) {
        try await favouritesManager.setFavourited(action == .favourite, trackID: id)
      } catch {
        throw .favourites(error)
      }
    }
  }

  /// Makes the track the one playing: its rows show ``TrackCellModel/isPlaying`` and those of the track that
  /// played before no longer do, in place, in one published snapshot.
  ///
  /// A screen calls it when selecting a row leads to ``RowDestination/playTrack(_:)``.
  public func play(_ trackID: Track.ID) {
    let previous = nowPlaying
    nowPlaying = trackID
    var changed = false
    if let previous, previous != trackID {
      changed = updateModels(ofTrack: previous) { $0.isPlaying = false }
    }
    changed = updateModels(ofTrack: trackID) { $0.isPlaying = true } || changed
    if changed { publish() }
  }

  private func showManagersState(of trackID: Track.ID) {
    showDownloadState(of: trackID)
    showFavouriteState(of: trackID)
  }

  // An announcement says which track changed; what it is now comes from the manager. Announcements can arrive
  // after the state they carry has been shown and changed again (see perform(_:onTrackWithID:)); read this
  // way, a late one can never bring an old state back.

  private func showDownloadState(of trackID: Track.ID) {
    let status = TrackCellModel.DownloadStatus(downloadsManager.downloadState(of: trackID))
    if updateModels(ofTrack: trackID, { $0.downloadStatus = status }) { publish() }
  }

  /// Applies `change` to the cell models of a track's rows, replacing the rows on the page in place.
  ///
  /// A track has one row unless the music API repeats it; nothing moves. Returns whether a row on the page
  /// changed.
  private func updateModels(ofTrack trackID: Track.ID, _ change: (inout TrackCellModel) -> Void) -> Bool {
    var changedRows: [Int] = []
    for index in indices(of: trackID) {
      let before = models[index]
      change(&models[index])
      if models[index] != before, rowOfTrack[index] >= 0 { changedRows.append(index) }
    }
    guard !changedRows.isEmpty, let section = sections.firstIndex(where: { $0.id == .tracks }) else { return false }
    for index in changedRows {
      sections[section].rows[rowOfTrack[index]] = .track(models[index])
    }
    return true
  }

  private func showFavouriteState(of trackID: Track.ID) {
    guard let favouritesManager else { return }
    let isFavourited = favouritesManager.isFavourited(trackID)
    var isVisible = false
    for index in indices(of: trackID) where models[index].isFavourited != isFavourited {
      models[index].isFavourited = isFavourited
      isVisible = isVisible || rowOfTrack[index] >= 0
    }
    // A hidden track (explicit, for a young user) changes nothing on the page.
    if isVisible { rebuildRows() }
  }

  private func publish() {
    broadcaster.send(snapshot)
  }
}

/// Why a reload failed when ``ArtistTableDataSource/reloadTimeout`` passed without an answer.
struct ReloadTimedOut: Error, CustomStringConvertible {
  let timeout: Duration

  var description: String {
    let seconds = timeout / .seconds(1)
    return "The music catalog did not answer: timed out after \(String(format: "%g", seconds)) s."
  }
}

/// The first of several outcomes, handed to one waiter: later outcomes are ignored.
@MainActor
final class FirstOutcome<Value: Sendable> {
  private var result: Result<Value, any Error>?
  private var waiter: CheckedContinuation<Result<Value, any Error>, Never>?

  /// Records `result` unless an outcome was recorded before, and wakes the waiter.
  func settle(_ result: Result<Value, any Error>) {
    guard self.result == nil else { return }
    self.result = result
    waiter?.resume(returning: result)
    waiter = nil
  }

  /// The first outcome, once there is one.
  func value() async throws -> Value {
    if let result { return try result.get() }
    let result = await withCheckedContinuation { waiter = $0 }
    return try result.get()
  }
}

/// Duration texts for a page, remembered per whole second: a page has far fewer distinct lengths than tracks.
struct DurationTexts {
  private var bySecond: [Int: String] = [:]

  mutating func string(from duration: TimeInterval) -> String {
    guard duration.isFinite, duration > 0, duration < 1e9 else { return DurationText.string(from: duration) }
    let key = Int(duration)
    if let cached = bySecond[key] { return cached }
    let text = DurationText.string(from: duration)
    bySecond[key] = text
    return text
  }
}
