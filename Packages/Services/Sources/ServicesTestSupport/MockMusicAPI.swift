import Domain
import HumbleSupport
import Services
import Testing

/// A ``MusicAPI`` whose answers a test sets, which records every call and can fail, delay or hold calls.
///
/// Properties can be read and set synchronously from any isolation. Answers are captured when a call is
/// made, so a held call returns what the mock was configured with at that moment.
///
/// Like a live catalog, it fails with ``MusicAPIError/artistNotFound(_:)`` for an artist it does not know
/// (``tracks(ofArtist:)``, ``tracks(ofArtist:page:)``, ``relatedArtists(of:)``, ``artist(withID:)``). Which
/// artists it knows: once ``returnArtists(_:)`` has given it a catalog, the artists in it, the related
/// artists, and the artists with tracks or related artists of their own (``returnTracks(_:forArtist:)``,
/// ``returnRelatedArtists(_:forArtist:)``); before that, every artist (so a test that only sets tracks "for every artist" can ask for any artist). ``artist(withID:)``
/// finds only artists it was given (the catalog or related artists).
///
/// Made with ``unimplemented(sourceLocation:)``, it fails the test on a call to an endpoint the test
/// did not set up (by giving it an answer, a failure or a hold, or with ``expectCalls(to:)``), and the call
/// throws ``MusicAPIError/unavailable(reason:)``.
public final class MockMusicAPI: MusicAPI, Sendable {
  /// The calls a ``MockMusicAPI`` answers, for failing or holding one kind of call.
  public enum Endpoint: Hashable, Sendable, CaseIterable {
    /// ``MusicAPI/tracks(ofArtist:)``, ``MusicAPI/tracks(ofArtist:page:)`` and ``MusicAPI/tracks(withIDs:)``.
    case tracks
    /// ``MusicAPI/artist(withID:)``.
    case artist
    /// ``MusicAPI/artists(matching:)`` and ``MusicAPI/allArtists()``.
    case artists
    /// ``MusicAPI/relatedArtists(of:)``.
    case relatedArtists

    /// What sets this endpoint up, for the message of a call that was not set up.
    var setUp: String {
      switch self {
      case .tracks: "returnTracks(_:forArtist:), failCalls(to: .tracks) or expectCalls(to: .tracks)"
      case .artist: "returnArtists(_:), failCalls(to: .artist) or expectCalls(to: .artist)"
      case .artists: "returnArtists(_:), failCalls(to: .artists) or expectCalls(to: .artists)"
      case .relatedArtists:
        "returnRelatedArtists(_:forArtist:), failCalls(to: .relatedArtists) or expectCalls(to: .relatedArtists)"
      }
    }
  }

  /// A call the mock received, with its arguments.
  public enum Call: Hashable, Sendable {
    /// ``MusicAPI/tracks(ofArtist:)``.
    case tracks(ofArtist: Artist.ID)
    /// ``MusicAPI/tracks(ofArtist:page:)``.
    case trackPage(ofArtist: Artist.ID, page: TrackPageRequest)
    /// ``MusicAPI/artist(withID:)``.
    case artist(withID: Artist.ID)
    /// ``MusicAPI/artists(matching:)``.
    case artists(matching: String)
    /// ``MusicAPI/allArtists()``.
    case allArtists
    /// ``MusicAPI/relatedArtists(of:)``.
    case relatedArtists(of: Artist.ID)
    /// ``MusicAPI/tracks(withIDs:)``.
    case tracksWithIDs([Track.ID])
  }

  private struct State {
    var tracks: [Track] = []
    var tracksByArtist: [Artist.ID: [Track]] = [:]
    var artists: [Artist] = []
    var relatedArtists: [Artist] = []
    var relatedByArtist: [Artist.ID: [Artist]] = [:]
    var failures: [Endpoint: MusicAPIError] = [:]
    var countedFailures: [CountedFailure] = []
    var delay: Duration?
    var holds: [Endpoint: [HeldCall]] = [:]
    var pageHolds: [(offset: Int, hold: HeldCall)] = []
    var pageFailures: [(offset: Int, error: MusicAPIError)] = []
    var calls: [Call] = []
    /// The endpoints the test set up (see ``MockMusicAPI/unimplemented(sourceLocation:)``).
    var setUp: Set<Endpoint> = []

    /// Whether the mock knows an artist (see the type's documentation).
    func knows(_ artistID: Artist.ID) -> Bool {
      artists.isEmpty || tracksByArtist[artistID] != nil || relatedByArtist[artistID] != nil
        || everyArtist.contains { $0.id == artistID }
    }

    /// The catalog's artists and every related artist.
    var everyArtist: [Artist] {
      artists + relatedArtists + relatedByArtist.keys.sorted().flatMap { relatedByArtist[$0] ?? [] }
    }

    /// Artists ordered as a catalog lists them: by name ignoring case and diacritics, then by ID.
    func byName(_ artists: [Artist]) -> [Artist] {
      artists.map { (key: SearchFolding.fold($0.name), artist: $0) }
        .sorted { ($0.key, $0.artist.id) < ($1.key, $1.artist.id) }
        .map(\.artist)
    }

    func tracks(of artistID: Artist.ID) -> Result<[Track], MusicAPIError> {
      knows(artistID) ? .success(tracksByArtist[artistID] ?? tracks) : .failure(.artistNotFound(artistID))
    }
  }

  private struct CountedFailure {
    var endpoint: Endpoint?
    var remaining: Int
    var error: MusicAPIError
  }

  private let state = Locked(State())
  private let callsNotSetUp: CallsNotSetUp

  /// Creates a mock that answers with no tracks, no artists and no related artists.
  public init() {
    callsNotSetUp = CallsNotSetUp(reportedAt: nil)
  }

  private init(callsNotSetUp: CallsNotSetUp) {
    self.callsNotSetUp = callsNotSetUp
  }

  /// A mock on which every endpoint is unimplemented until the test sets it up: a call to an endpoint that has
  /// no answer, failure or hold of its own, and was not named in ``expectCalls(to:)``, fails the test (reported
  /// at the line that made the mock) and throws ``MusicAPIError/unavailable(reason:)``.
  ///
  /// Giving tracks sets up ``Endpoint/tracks``, giving the catalog's artists ``Endpoint/artist`` and
  /// ``Endpoint/artists``, and giving related artists ``Endpoint/relatedArtists``, for good. A failure or a hold
  /// sets up only the calls that meet it: once counted failures are used up or ``stopFailingCalls()`` is called,
  /// the endpoint is unimplemented again.
  public static func unimplemented(sourceLocation: SourceLocation = #_sourceLocation) -> MockMusicAPI {
    MockMusicAPI(callsNotSetUp: CallsNotSetUp(reportedAt: sourceLocation))
  }

  /// Says that the test expects calls to these endpoints, answered with what is set (empty when nothing is):
  /// for a mock made with ``unimplemented(sourceLocation:)``, whose other endpoints fail the test.
  public func expectCalls(to endpoints: Endpoint...) {
    state.withLock { $0.setUp.formUnion(endpoints) }
  }

  // MARK: Configuring answers

  /// Answers every artist's tracks request with tracks that have these IDs (see `Track.fixture`).
  public func returnTracksWithIds(_ ids: [Track.ID]) {
    returnTracks(ids.map { Track.fixture(id: $0, title: "Track \($0)") })
  }

  /// Answers every artist's tracks request with tracks that have these IDs (see `Track.fixture`).
  public func returnTracksWithIds(_ ids: Track.ID...) {
    returnTracksWithIds(ids)
  }

  /// Answers every artist's tracks request with tracks that have these titles, in this order.
  ///
  /// Each track's ID is its title (with "-2", "-3"… added to repeated titles).
  public func returnTracksWithTitles(_ titles: [String]) {
    let ids: [Track.ID] = uniqueIdentifiers(for: titles)
    returnTracks(zip(ids, titles).map { Track.fixture(id: $0, title: $1) })
  }

  /// Answers every artist's tracks request with tracks that have these titles, in this order.
  public func returnTracksWithTitles(_ titles: String...) {
    returnTracksWithTitles(titles)
  }

  /// Answers tracks requests with these tracks: for one artist if `artistID` is given, else for every
  /// artist without an answer of its own.
  public func returnTracks(_ tracks: [Track], forArtist artistID: Artist.ID? = nil) {
    state.withLock { state in
      if let artistID {
        state.tracksByArtist[artistID] = tracks
      } else {
        state.tracks = tracks
      }
      state.setUp.insert(.tracks)
    }
  }

  /// Answers every related-artists request with artists that have these names, in this order.
  ///
  /// Each artist's ID is its name (with "-2", "-3"… added to repeated names).
  public func returnRelatedArtistsWithNames(_ names: [String]) {
    let ids: [Artist.ID] = uniqueIdentifiers(for: names)
    returnRelatedArtists(zip(ids, names).map { Artist.fixture(id: $0, name: $1) })
  }

  /// Answers every related-artists request with artists that have these names, in this order.
  public func returnRelatedArtistsWithNames(_ names: String...) {
    returnRelatedArtistsWithNames(names)
  }

  /// Answers related-artists requests with these artists: for one artist if `artistID` is given, else for
  /// every artist without an answer of its own.
  public func returnRelatedArtists(_ artists: [Artist], forArtist artistID: Artist.ID? = nil) {
    state.withLock { state in
      if let artistID {
        state.relatedByArtist[artistID] = artists
      } else {
        state.relatedArtists = artists
      }
      state.setUp.insert(.relatedArtists)
    }
  }

  /// The catalog's artists: what `allArtists()` and `artists(matching:)` list (ordered by name, as a catalog
  /// does, whatever the order given), and what `artist(withID:)` finds (related artists are found too).
  public func returnArtists(_ artists: [Artist]) {
    state.withLock { state in
      state.artists = artists
      state.setUp.formUnion([.artist, .artists])
    }
  }

  // MARK: Failing and holding calls

  /// Makes calls to `endpoint` (every endpoint when nil) throw `error` until ``stopFailingCalls()``.
  public func failCalls(to endpoint: Endpoint? = nil, with error: MusicAPIError) {
    state.withLock { state in
      for failing in endpoint.map({ [$0] }) ?? Endpoint.allCases {
        state.failures[failing] = error
      }
    }
  }

  /// Makes the next `count` calls to `endpoint` (to any endpoint when nil) throw `error`; later calls
  /// answer normally again, as a service does when a passing fault clears.
  ///
  /// Counted failures queue up after each other, and a failure set by ``failCalls(to:with:)`` takes
  /// precedence over them. A failed call still counts as a call (see ``calls``).
  public func failNextCalls(_ count: Int, to endpoint: Endpoint? = nil, with error: MusicAPIError) {
    guard count > 0 else { return }
    state.withLock { $0.countedFailures.append(CountedFailure(endpoint: endpoint, remaining: count, error: error)) }
  }

  /// Makes every endpoint answer normally again, forgetting counted failures too (delays stay).
  public func stopFailingCalls() {
    state.withLock { state in
      state.failures = [:]
      state.countedFailures = []
    }
  }

  /// Makes every call wait `delay` before answering (nil answers at once again), like a slow service.
  ///
  /// A delayed call whose task is cancelled stops waiting and throws ``MusicAPIError/cancelled``. The
  /// answer (or failure) is still the one configured when the call was made.
  public func delayAnswers(by delay: Duration?) {
    state.withLock { $0.delay = delay }
  }

  /// Holds the next call to `endpoint` that has not been held yet, until the returned hold is released.
  ///
  /// Several holds queue up: the first call meets the first hold, the second call the second. A call held
  /// `ignoringCancellation` waits for its release even when its task is cancelled, then answers (a late answer).
  public func holdNextCall(to endpoint: Endpoint = .tracks, ignoringCancellation: Bool = false) -> HeldCall {
    let hold = HeldCall(ignoringCancellation: ignoringCancellation)
    state.withLock { $0.holds[endpoint, default: []].append(hold) }
    return hold
  }

  /// Holds the next ``tracks(ofArtist:page:)`` call whose page starts at `offset`, until the returned hold is
  /// released.
  ///
  /// Such a call meets this hold instead of one set by ``holdNextCall(to:)``; other pages pass.
  public func holdTrackPage(startingAt offset: Int) -> HeldCall {
    let hold = HeldCall()
    state.withLock { $0.pageHolds.append((offset, hold)) }
    return hold
  }

  /// Makes the next ``tracks(ofArtist:page:)`` call whose page starts at `offset` throw `error`.
  ///
  /// Failures set by ``failCalls(to:with:)`` and ``failNextCalls(_:to:with:)`` take precedence.
  public func failTrackPage(startingAt offset: Int, with error: MusicAPIError) {
    state.withLock { $0.pageFailures.append((offset, error)) }
  }

  // MARK: Recorded calls

  /// Every call received, in order.
  public var calls: [Call] {
    state.withLock { $0.calls }
  }

  /// The artist IDs whose tracks (all or a page) were asked for, in order.
  public var requestedArtistIDs: [Artist.ID] {
    calls.compactMap { call in
      switch call {
      case .tracks(let artistID), .trackPage(let artistID, _): artistID
      default: nil
      }
    }
  }

  /// The pages of tracks asked for with ``tracks(ofArtist:page:)``, in order.
  public var requestedTrackPages: [TrackPageRequest] {
    calls.compactMap { call in
      if case .trackPage(_, let page) = call { return page }
      return nil
    }
  }

  // MARK: MusicAPI

  /// Answers with the tracks configured for this artist, else those configured for every artist; fails with
  /// `artistNotFound` for an artist the mock does not know.
  public func tracks(ofArtist artistID: Artist.ID) async throws(MusicAPIError) -> [Track] {
    try await answer(.tracks(ofArtist: artistID), at: .tracks) { $0.tracks(of: artistID) }
  }

  /// Answers with a page cut from what ``tracks(ofArtist:)`` answers, as the protocol's default does, and
  /// records the page asked for.
  public func tracks(ofArtist artistID: Artist.ID, page: TrackPageRequest) async throws(MusicAPIError) -> TrackPage {
    let (pageHold, pageFails): (HeldCall?, Bool) = state.withLock { state in
      let fails = state.pageFailures.contains { $0.offset == page.offset }
      guard let index = state.pageHolds.firstIndex(where: { $0.offset == page.offset }) else { return (nil, fails) }
      return (state.pageHolds.remove(at: index).hold, fails)
    }
    return try await answer(
      .trackPage(ofArtist: artistID, page: page), at: .tracks, hold: pageHold, isAnticipated: pageFails
    ) { state in
      if let index = state.pageFailures.firstIndex(where: { $0.offset == page.offset }) {
        return .failure(state.pageFailures.remove(at: index).error)
      }
      return state.tracks(of: artistID).map { TrackPage(cutting: page, from: $0) }
    }
  }

  /// Answers with the configured artist or related artist with this ID, else fails with `artistNotFound`.
  public func artist(withID artistID: Artist.ID) async throws(MusicAPIError) -> Artist {
    try await answer(.artist(withID: artistID), at: .artist) { state in
      let found = state.everyArtist.first { $0.id == artistID }
      return found.map { .success($0) } ?? .failure(.artistNotFound(artistID))
    }
  }

  /// Answers with the configured artists whose names contain `query`, ignoring case and diacritics, ordered
  /// by name.
  public func artists(matching query: String) async throws(MusicAPIError) -> [Artist] {
    try await answer(.artists(matching: query), at: .artists) { state in
      let folded = SearchFolding.fold(query)
      return .success(
        state.byName(state.artists.filter { folded.isEmpty || SearchFolding.fold($0.name).contains(folded) }))
    }
  }

  /// Answers with every configured artist, ordered by name.
  public func allArtists() async throws(MusicAPIError) -> [Artist] {
    try await answer(.allArtists, at: .artists) { .success($0.byName($0.artists)) }
  }

  /// Answers with the related artists configured for this artist, else those configured for every artist;
  /// fails with `artistNotFound` for an artist the mock does not know.
  public func relatedArtists(of artistID: Artist.ID) async throws(MusicAPIError) -> [Artist] {
    try await answer(.relatedArtists(of: artistID), at: .relatedArtists) { state in
      guard state.knows(artistID) else { return .failure(.artistNotFound(artistID)) }
      return .success(state.relatedByArtist[artistID] ?? state.relatedArtists)
    }
  }

  /// Answers with the configured tracks (of any artist) that have these identifiers, in the order asked.
  ///
  /// Each comes once, and unknown identifiers are left out. Fails and holds as the ``Endpoint/tracks``
  /// endpoint does.
  public func tracks(withIDs trackIDs: [Track.ID]) async throws(MusicAPIError) -> [Track] {
    try await answer(.tracksWithIDs(trackIDs), at: .tracks) { state in
      var known: [Track.ID: Track] = [:]
      for track in state.tracks + state.tracksByArtist.keys.sorted().flatMap({ state.tracksByArtist[$0]! }) {
        known[track.id] = known[track.id] ?? track
      }
      return .success(trackIDs.uniquedKeepingOrder().compactMap { known[$0] })
    }
  }

  private func answer<Answer: Sendable>(
    _ call: Call,
    at endpoint: Endpoint,
    hold callHold: HeldCall? = nil,
    isAnticipated: Bool = false,
    _ makeAnswer: (inout State) -> Result<Answer, MusicAPIError>
  ) async throws(MusicAPIError) -> Answer {
    let (isSetUp, result, hold, delay): (Bool, Result<Answer, MusicAPIError>, HeldCall?, Duration?) = state.withLock {
      state in
      state.calls.append(call)
      // Set up: an answer was given or the calls expected, or this call meets a failure or a hold set for it.
      let isSetUp =
        state.setUp.contains(endpoint) || isAnticipated || callHold != nil || state.failures[endpoint] != nil
        || state.holds[endpoint]?.isEmpty == false
        || state.countedFailures.contains { $0.endpoint == nil || $0.endpoint == endpoint }
      guard isSetUp || !callsNotSetUp.areReported else {
        return (false, .failure(.unavailable(reason: "\(call) was not set up in this test")), nil, nil)
      }
      let hold =
        callHold ?? (state.holds[endpoint]?.isEmpty == false ? state.holds[endpoint]?.removeFirst() : nil)
      if let failure = state.failures[endpoint] { return (true, .failure(failure), hold, state.delay) }
      if let index = state.countedFailures.firstIndex(where: { $0.endpoint == nil || $0.endpoint == endpoint }) {
        let failure = state.countedFailures[index].error
        state.countedFailures[index].remaining -= 1
        if state.countedFailures[index].remaining == 0 { state.countedFailures.remove(at: index) }
        return (true, .failure(failure), hold, state.delay)
      }
      return (true, makeAnswer(&state), hold, state.delay)
    }
    if !isSetUp { callsNotSetUp.report("\(call)", of: "MockMusicAPI", setUpWith: endpoint.setUp) }
    if let delay {
      do {
        try await Task.sleep(for: delay)
      } catch {
        throw .cancelled
      }
    }
    if let hold {
      guard await hold.arrive() else { throw .cancelled }
    }
    return try result.get()
  }
}
