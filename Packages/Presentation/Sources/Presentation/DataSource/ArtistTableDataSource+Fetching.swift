// What a reload asks the APIs for, all at once, and the timeout race that fails a fetch that takes too long.

import Domain
import HumbleSupport
import Services

extension ArtistTableDataSource {
  /// What a reload fetched.
  typealias Answer = (page: TrackPage, playlists: [Playlist], related: [Artist])

  /// Asks the source for the first page of tracks, the playlists and the related artists at once.
  nonisolated static func fetch(_ firstPage: TrackPageRequest, from source: TrackSource) async throws -> Answer {
    async let fetchedTracks = source.tracks(firstPage)
    async let fetchedPlaylists = source.playlists()
    async let fetchedRelated = source.relatedArtists()
    return try await (fetchedTracks, fetchedPlaylists, fetchedRelated)
  }

  /// Runs `fetch`, failing with ``PageLoadError/timedOut(after:)`` if it has not answered within `timeout`;
  /// `started` is given the task that runs it.
  ///
  /// The fetch runs in a task of its own, cancelled when the time is up (or the caller is cancelled): the
  /// timeout holds even for an API that does not answer cancellation promptly. `started` is given the task that
  /// runs `fetch` (a hook for tests, which wait for it to see what a late answer did).
  nonisolated static func fetch(
    within timeout: Duration, started: @escaping @Sendable (Task<Void, Never>) -> Void = { _ in },
    _ fetch: @escaping @Sendable () async throws -> Answer
  ) async throws -> Answer {
    try await FirstOutcome.run(
      within: timeout, onTimeout: { PageLoadError.timedOut(after: timeout) }, started: started, work: fetch)
  }
}
