import Domain
import Foundation
import HumbleSupport
import Services

/// The artist page's data source: it combines the music API, playlists, downloads and favourites into cell
/// models that fully describe every row, in display order.
///
/// Despite its name (the seed's), it serves any page of tracks: where the rows come from is its ``source`` (an
/// artist's page, a playlist's, any list such as the favourites; see ``TrackSource``), and everything else is
/// the same for all of them.
///
/// Main-actor isolated, like the table view it feeds: every property is read and every change is made on
/// the main actor, so there is nothing to race. It observes the downloads and favourites managers from the
/// moment `init` returns — no change made after that is missed — and updates its own cell models when a
/// download progresses, completes or fails, or a favourite changes, without asking the music API again.
/// Each new state is published on ``updates()`` as an ``ArtistPageSnapshot`` that says which rows changed,
/// came, went or moved since the one before (``ArtistPageChanges``); ``changes(since:upTo:)`` answers for a
/// screen that skipped some. A screen applies them and compares no rows.
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
    /// The last reload, or one of its later pages, failed, for the reason the error gives; the cell models it
    /// had were kept.
    case failed(PageLoadError)
  }

  /// Where the page's rows come from.
  public let source: TrackSource
  /// The page's state.
  public internal(set) var state: State = .idle
  /// How far the tracks of the last reload have arrived.
  public internal(set) var trackLoading = TrackLoading.idle
  /// ``trackLoading`` for people, in the page's locale: "loading 1,000 of 100,000 tracks", or nil when every
  /// track is shown.
  public var trackLoadingText: String? { trackLoading.text(locale: formatting.locale) }
  /// The page sizes reloads ask for; a change applies from the next reload.
  public var trackPaging: TrackPaging
  /// Every row, in display order: tracks, then playlists, then related artists.
  public var cellModels: [ArtistCellModelType] { sections.flatMap(\.rows) }
  /// The same rows grouped in sections with header titles; empty sections are omitted.
  public internal(set) var sections: [ArtistTableSection] = []

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
  /// `.failed(.timedOut(after:))`, which says how long it waited. It applies to the first page: the later pages take
  /// as long as they take while the page is already shown.
  public var reloadTimeout: Duration?
  /// The fetch of the latest reload with a timeout, which goes on after the timeout until its calls answer: a
  /// hook for tests, which wait for it to see what a late answer did.
  var timedFetch: Task<Void, Never>? { timedFetchTask.withLock { $0 } }
  /// Where ``timedFetch`` is kept: the fetch hands it over from outside the main actor, before it can answer.
  nonisolated let timedFetchTask = Locked<Task<Void, Never>?>(nil)

  let downloadsManager: any DownloadsManager
  let favouritesManager: (any FavouritesManager)?
  let formatting: PresentationFormatting
  private let broadcaster = ChangeBroadcaster<ArtistPageSnapshot>()
  private var observations: [Task<Void, Never>] = []
  var latestReload = 0
  /// The reload in flight that a change of the source's list started on a loaded page (``refresh()``), until its
  /// first page has answered: it shows no loading state, but ``waitUntilLoaded()`` waits for it.
  private var refreshInFlight: Int?
  var paging: Task<Void, Never>?
  /// Where the background paging waits while the page is covered (``pausePaging()``).
  let pagingPause = PagingPause()
  /// Waiters for the tracks to arrive (``waitUntilLoaded()``).
  private let loadWaiters = WaitList()
  /// How many track cell models show a download state other than not downloaded, and how many show a favourite:
  /// kept as the models change, so that comparing the page with the managers costs what the managers hold, not
  /// the page's length.
  var modelsShowingADownload = 0
  var modelsShowingAFavourite = 0
  /// Waiters for the rows to show what the managers say (``waitUntilRowsShowManagersStates()``).
  let managerStateWaiters = WaitList()
  /// The row changes made since the last published revision, published with the next one.
  var pendingChanges = ArtistPageChanges()
  /// The row changes the last published revision made, and what it showed besides its rows: a change that
  /// leaves all of them as they are publishes nothing.
  private var lastChanges = ArtistPageChanges()
  private var publishedState = State.idle
  private var publishedTrackLoading = TrackLoading.idle
  /// The changes of the last revisions, for ``changes(since:upTo:)``.
  var changeLog = PageChangeLog()

  // The last successful answers, and what the page made of them. Tracks, their cell models and their rows'
  // keys are kept in parallel arrays, in the music API's order; lookups by identifier are built only when
  // needed.
  var tracks: [Track] = []
  var models: [TrackCellModel] = []
  var trackKeys: [RowKey] = []
  var titleKeys: TitleSortKeys?
  var indexOfTrack: [Track.ID: Int]?
  var repeatedTracks: [Track.ID: [Int]] = [:]
  var rowOfTrack: [Int] = []
  var playlists: [Playlist] = []
  var relatedArtists: [Artist] = []
  private var hasLoaded = false
  var playlistRows: [ArtistCellModelType] = []
  var relatedArtistRows: [ArtistCellModelType] = []
  var playlistKeys: [RowKey] = []
  var relatedArtistKeys: [RowKey] = []
  var nextRowKey = 0

  /// Creates an artist's page and starts observing the managers; call ``reload()`` to load the page.
  public convenience init(
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
    self.init(
      source: .artist(artistID, musicAPI: musicAPI, playlistAPI: playlistAPI), downloadsManager: downloadsManager,
      favouritesManager: favouritesManager, user: user, formatting: formatting, reloadTimeout: reloadTimeout,
      trackPaging: trackPaging)
  }

  /// Creates a page of the tracks `source` lists and starts observing the managers (and the source's list, when
  /// it says when the list changes: each change reloads the page); call ``reload()`` to load the page.
  public init(
    source: TrackSource,
    downloadsManager: any DownloadsManager,
    favouritesManager: (any FavouritesManager)? = nil,
    user: User = .adult,
    formatting: PresentationFormatting = .current,
    reloadTimeout: Duration? = nil,
    trackPaging: TrackPaging = TrackPaging()
  ) {
    self.source = source
    self.trackPaging = trackPaging
    self.reloadTimeout = reloadTimeout
    self.downloadsManager = downloadsManager
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
          self.resumeManagerStateWaitersOnceShown()
        }
      })
    if let listChanges = source.listChanges?() {
      observations.append(
        Task { [weak self] in
          for await _ in listChanges {
            guard let self else { return }
            await self.refresh()
          }
        })
    }
    if let favouriteChanges {
      observations.append(
        Task { [weak self] in
          for await change in favouriteChanges {
            guard let self else { return }
            self.showFavouriteState(of: change.trackID)
            self.resumeManagerStateWaitersOnceShown()
          }
        })
    }
  }

  isolated deinit {
    for observation in observations { observation.cancel() }
    paging?.cancel()
    loadWaiters.resumeAll()
    managerStateWaiters.resumeAll()
    broadcaster.finish()
  }

  /// A stream of every snapshot published from now on: after each reload, sort, filter or live change.
  public func updates() -> AsyncStream<ArtistPageSnapshot> {
    broadcaster.stream()
  }

  /// Sends the current snapshot, as the next revision with the row changes made since the last one
  /// (``pendingChanges``), to every stream from ``updates()``.
  ///
  /// When nothing the page shows has changed (no row, the same state and loading) it publishes nothing: a change
  /// the page already shows, such as a manager's announcement of a change the page made itself, is no new
  /// revision, and a screen draws each change once.
  func publish() {
    defer { resumeManagerStateWaitersOnceShown() }
    guard !pendingChanges.isEmpty || state != publishedState || trackLoading != publishedTrackLoading else { return }
    revision += 1
    lastChanges = pendingChanges
    pendingChanges = ArtistPageChanges()
    publishedState = state
    publishedTrackLoading = trackLoading
    changeLog.record(lastChanges)
    broadcaster.send(snapshot)
  }

  /// The track playing, marked on its rows (``TrackCellModel/isPlaying``); see ``play(_:)``.
  public internal(set) var nowPlaying: Track.ID?

  /// How many snapshots the data source has published: the last one's ``ArtistPageSnapshot/revision``.
  public private(set) var revision = 0

  /// The current snapshot, with the revision of the last one published and its changes (every change is
  /// published as it is made, so it is that one, unless a change is being made).
  public var snapshot: ArtistPageSnapshot {
    ArtistPageSnapshot(
      sections: sections, state: state, trackLoading: trackLoading, revision: revision, changes: lastChanges)
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
    await reload(showingLoading: true)
  }

  /// The reload a change of the source's list starts, behind a loaded page.
  ///
  /// On the favourites' page a track favourited or unfavourited starts one. On a loaded page it leaves the state
  /// `.loaded` while it fetches, so the page publishes a revision only for what the answer changes, and the
  /// writer's own change, already shown by ``perform(_:onTrackWithID:)``, is drawn once. ``waitUntilLoaded()``
  /// waits for it all the same.
  func refresh() async {
    await reload(showingLoading: state != .loaded)
  }

  private func reload(showingLoading: Bool) async {
    latestReload += 1
    let reload = latestReload
    paging?.cancel()
    paging = nil
    if showingLoading {
      refreshInFlight = nil
      state = .loading
      publish()
    } else {
      refreshInFlight = reload
    }
    // The page after it is asked for at the next size: a source that reads it ahead reads it at that size.
    let firstPage = TrackPageRequest(
      offset: 0, limit: trackPaging.firstPageSize, order: .catalog,
      nextLimit: trackPaging.size(after: trackPaging.firstPageSize))
    let answer: Answer
    do {
      if let reloadTimeout {
        answer = try await Self.fetch(
          within: reloadTimeout, started: { [timedFetchTask] task in timedFetchTask.withLock { $0 = task } },
          { [source] in try await Self.fetch(firstPage, from: source) })
      } else {
        answer = try await Self.fetch(firstPage, from: source)
      }
    } catch {
      guard reload == latestReload else { return }
      refreshInFlight = nil
      state = .failed(PageLoadError(error))
      trackLoading.isInProgress = false
      publish()
      resumeLoadWaiters()
      return
    }
    guard reload == latestReload else { return }
    refreshInFlight = nil
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
      fetchRemainingPages(of: reload, after: page, total: page.total)
    }
  }

  /// Waits until the tracks of the reloads made so far have all arrived, or failed; returns at once when
  /// nothing is loading, and when the calling task is cancelled.
  public func waitUntilLoaded() async {
    guard isLoading else { return }
    await loadWaiters.wait()
  }

  /// Stops the background paging of the tracks after the first page before it shows the next page or asks for
  /// another, until ``resumePaging()``: for a page another page covers (one opening over it, or one kept for a back
  /// button), whose batches would rebuild rows no one sees on the main actor the page in front needs.
  ///
  /// A page asked for already arrives and waits. A reload starts its own paging, paused too when this is.
  /// ``waitUntilLoaded()`` waits through a pause: resume the page before waiting for it.
  public func pausePaging() {
    pagingPause.pause()
  }

  /// Lets the background paging go on where ``pausePaging()`` stopped it.
  public func resumePaging() {
    pagingPause.resume()
  }

  /// Whether the background paging is paused (``pausePaging()``).
  public var isPagingPaused: Bool { pagingPause.isPaused }

  /// Whether a reload or its background pages are in flight.
  private var isLoading: Bool { state == .loading || trackLoading.isInProgress || refreshInFlight != nil }

  func resumeLoadWaiters() {
    guard !isLoading else { return }
    loadWaiters.resumeAll()
  }
}
