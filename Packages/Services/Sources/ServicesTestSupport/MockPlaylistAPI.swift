import Domain
import HumbleSupport
import Services
import Testing

/// A ``PlaylistAPI`` whose answers a test sets, which records every call and can fail or hold calls.
///
/// Made with ``unimplemented(sourceLocation:)``, it fails the test on any call until the test sets
/// it up (by giving it playlists, a failure or a hold, or with ``expectCalls()``), and the call throws
/// ``PlaylistAPIError/unavailable(reason:)``.
public final class MockPlaylistAPI: PlaylistAPI, Sendable {
  private struct State {
    var playlists: [Playlist] = []
    var playlistsByArtist: [Artist.ID: [Playlist]] = [:]
    var failure: PlaylistAPIError?
    var holds: [HeldCall] = []
    var requestedArtistIDs: [Artist.ID] = []
    /// Whether the test set the mock up (see ``MockPlaylistAPI/unimplemented(sourceLocation:)``).
    var isSetUp = false
  }

  private let state = Locked(State())
  private let callsNotSetUp: CallsNotSetUp

  /// Creates a mock that answers with no playlists.
  public init() {
    callsNotSetUp = CallsNotSetUp(reportedAt: nil)
  }

  private init(callsNotSetUp: CallsNotSetUp) {
    self.callsNotSetUp = callsNotSetUp
  }

  /// A mock that is unimplemented until the test sets it up: a call before the test gives it playlists or calls
  /// ``expectCalls()`` fails the test (reported at the line that made the mock) and throws
  /// ``PlaylistAPIError/unavailable(reason:)``, unless it meets a failure or a hold the test set.
  public static func unimplemented(sourceLocation: SourceLocation = #_sourceLocation) -> MockPlaylistAPI {
    MockPlaylistAPI(callsNotSetUp: CallsNotSetUp(reportedAt: sourceLocation))
  }

  /// Says that the test expects calls, answered with what is set (no playlists when nothing is): for a mock made
  /// with ``unimplemented(sourceLocation:)``.
  public func expectCalls() {
    state.withLock { $0.isSetUp = true }
  }

  /// Answers every request with empty playlists that have these names, in this order.
  ///
  /// Each playlist's ID is its name (with "-2", "-3"… added to repeated names).
  public func returnPlaylistsWithName(_ names: [String]) {
    let ids: [Playlist.ID] = uniqueIdentifiers(for: names)
    returnPlaylists(zip(ids, names).map { Playlist.fixture(id: $0, name: $1) })
  }

  /// Answers every request with empty playlists that have these names, in this order.
  public func returnPlaylistsWithName(_ names: String...) {
    returnPlaylistsWithName(names)
  }

  /// Answers requests with these playlists: for one artist if `artistID` is given, else for every artist
  /// without an answer of its own.
  public func returnPlaylists(_ playlists: [Playlist], forArtist artistID: Artist.ID? = nil) {
    state.withLock { state in
      if let artistID {
        state.playlistsByArtist[artistID] = playlists
      } else {
        state.playlists = playlists
      }
      state.isSetUp = true
    }
  }

  /// Makes every request throw `error` until ``stopFailingCalls()``.
  public func failCalls(with error: PlaylistAPIError) {
    state.withLock { $0.failure = error }
  }

  /// Makes requests answer normally again.
  public func stopFailingCalls() {
    state.withLock { $0.failure = nil }
  }

  /// Holds the next request that has not been held yet, until the returned hold is released.
  public func holdNextCall() -> HeldCall {
    let hold = HeldCall()
    state.withLock { $0.holds.append(hold) }
    return hold
  }

  /// The artist IDs whose playlists were asked for, in order.
  public var requestedArtistIDs: [Artist.ID] {
    state.withLock { $0.requestedArtistIDs }
  }

  /// Answers with the playlists configured for this artist, else those configured for every artist.
  public func playlists(featuring artistID: Artist.ID) async throws(PlaylistAPIError) -> [Playlist] {
    try await answer("playlists(featuring: \"\(artistID)\")") { state in
      state.requestedArtistIDs.append(artistID)
      return .success(state.playlistsByArtist[artistID] ?? state.playlists)
    }
  }

  /// Answers with the configured playlist with this ID (for any artist), else fails with `playlistNotFound`.
  public func playlist(withID playlistID: Playlist.ID) async throws(PlaylistAPIError) -> Playlist {
    try await answer("playlist(withID: \"\(playlistID)\")") { state in
      let all = state.playlists + state.playlistsByArtist.keys.sorted().flatMap { state.playlistsByArtist[$0]! }
      guard let found = all.first(where: { $0.id == playlistID }) else {
        return .failure(.playlistNotFound(playlistID))
      }
      return .success(found)
    }
  }

  /// Records and answers a call: fails it when it was not set up, else meets the next hold and answers with the
  /// failure set, or with `makeAnswer`'s answer.
  private func answer<Answer: Sendable>(
    _ call: String, _ makeAnswer: (inout State) -> Result<Answer, PlaylistAPIError>
  ) async throws(PlaylistAPIError) -> Answer {
    let (isSetUp, result, hold): (Bool, Result<Answer, PlaylistAPIError>, HeldCall?) = state.withLock { state in
      let recorded = makeAnswer(&state)
      // Set up: playlists were given or calls expected, or this call meets the failure or a hold set.
      guard state.isSetUp || state.failure != nil || !state.holds.isEmpty || !callsNotSetUp.areReported else {
        return (false, .failure(.unavailable(reason: "\(call) was not set up in this test")), nil)
      }
      let hold = state.holds.isEmpty ? nil : state.holds.removeFirst()
      if let failure = state.failure { return (true, .failure(failure), hold) }
      return (true, recorded, hold)
    }
    if !isSetUp {
      callsNotSetUp.report(
        call, of: "MockPlaylistAPI", setUpWith: "returnPlaylists(_:forArtist:), failCalls(with:) or expectCalls()")
    }
    if let hold {
      guard await hold.arrive() else { throw .cancelled }
    }
    return try result.get()
  }
}
