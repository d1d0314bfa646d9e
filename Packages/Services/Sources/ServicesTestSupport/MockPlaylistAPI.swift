import Domain
import Services

/// A ``PlaylistAPI`` whose answers a test sets, which records every call and can fail or hold calls.
public final class MockPlaylistAPI: PlaylistAPI, Sendable {
  private struct State {
    var playlists: [Playlist] = []
    var playlistsByArtist: [Artist.ID: [Playlist]] = [:]
    var failure: PlaylistAPIError?
    var holds: [HeldCall] = []
    var requestedArtistIDs: [Artist.ID] = []
  }

  private let state = Locked(State())

  /// Creates a mock that answers with no playlists.
  public init() {}

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
    let (result, hold): (Result<[Playlist], PlaylistAPIError>, HeldCall?) = state.withLock { state in
      state.requestedArtistIDs.append(artistID)
      let hold = state.holds.isEmpty ? nil : state.holds.removeFirst()
      if let failure = state.failure { return (.failure(failure), hold) }
      return (.success(state.playlistsByArtist[artistID] ?? state.playlists), hold)
    }
    if let hold {
      await hold.arrive()
      if Task.isCancelled { throw .cancelled }
    }
    return try result.get()
  }

  /// Answers with the configured playlist with this ID (for any artist), else fails with `playlistNotFound`.
  public func playlist(withID playlistID: Playlist.ID) async throws(PlaylistAPIError) -> Playlist {
    let (result, hold): (Result<Playlist, PlaylistAPIError>, HeldCall?) = state.withLock { state in
      let hold = state.holds.isEmpty ? nil : state.holds.removeFirst()
      if let failure = state.failure { return (.failure(failure), hold) }
      let all = state.playlists + state.playlistsByArtist.keys.sorted().flatMap { state.playlistsByArtist[$0]! }
      guard let found = all.first(where: { $0.id == playlistID }) else {
        return (.failure(.playlistNotFound(playlistID)), hold)
      }
      return (.success(found), hold)
    }
    if let hold {
      await hold.arrive()
      if Task.isCancelled { throw .cancelled }
    }
    return try result.get()
  }
}
