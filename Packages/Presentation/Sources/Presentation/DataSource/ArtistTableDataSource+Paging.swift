// The tracks after a reload's first page: fetched in the background in growing pages and shown in batches,
// until the last page arrives or one fails.

import Domain
import Services

extension ArtistTableDataSource {
  /// Fetches the pages after the reload's first page in the background, in growing sizes, and shows them in
  /// batches.
  ///
  /// Each page continues after the previous one's cursor when the source hands one out (keyset paging: a deep page
  /// costs what the first does, and a track added or removed meanwhile neither repeats nor skips another), and at
  /// its offset when not. The reload's `total`, the count the catalog keeps for the artist, is read once with the
  /// first page: the later pages' counts do not move the progress.
  ///
  /// Tracks are shown when the batch waiting is three times as long as the page already holds (and at the
  /// end): rebuilding a sorted page costs O(n log n), so a 100,000-track page is rebuilt about six times, not
  /// once per page, and all the rebuilds together cost about a third more than one.
  func fetchRemainingPages(of reload: Int, after first: TrackPage, total: Int) {
    let (source, policy, pause) = (source, trackPaging, pagingPause)
    // The page's arrays grow to the count at once, not batch by batch (each growth copies megabytes into fresh
    // memory); a count past a million, which no catalog here holds, is not believed.
    reserveTrackCapacity(min(total, 1_000_000))
    paging = Task { [weak self] in
      var shown = first.tracks.count
      var batch: [Track] = []
      // The size the first page's request said comes next (``TrackPageRequest/nextLimit``), so a page read ahead
      // at it is the one asked for, even when the first page came back shorter than asked.
      var size = policy.size(after: policy.firstPageSize)
      var cursor = first.nextCursor
      // A page covered as it reloads asks for nothing more until it is shown again.
      await pause.waitWhilePaused()
      var result = await Self.fetchPage(
        Self.request(after: cursor, offset: shown, limit: size, policy: policy), from: source)
      while true {
        // A covered page goes no further until it is shown again (``pausePaging()``).
        await pause.waitWhilePaused()
        let page: TrackPage
        switch result {
        case .failure(let error):
          guard !Task.isCancelled, let self, reload == self.latestReload else { return }
          self.showPageFailure(error, batch: batch, at: shown)
          return
        case .success(let fetched):
          page = fetched
        }
        // After a cursor, the last page is the one without a next cursor, whatever the count says meanwhile.
        let isComplete = cursor != nil ? page.nextCursor == nil : page.nextOffset == nil
        cursor = page.nextCursor
        size = policy.size(after: size)
        let following =
          isComplete
          ? nil
          : Self.request(
            after: cursor, offset: shown + batch.count + page.tracks.count, limit: size, policy: policy)
        // The next page is read while this one is shown: the catalog and the page each have a core.
        async let next = Self.fetchPage(ifAny: following, from: source)
        do {
          // The page is held only while it shows tracks, never while a page is on its way.
          guard !Task.isCancelled, let self, reload == self.latestReload else { return }
          batch += page.tracks
          if isComplete || batch.count >= max(3 * shown, policy.firstPageSize) {
            self.show(batch, at: shown, total: total, isComplete: isComplete)
            shown += batch.count
            batch = []
          }
          if isComplete {
            self.paging = nil
            self.resumeLoadWaiters()
            return
          }
        }
        guard let answer = await next else { return }
        result = answer
      }
    }
  }

  /// The page after `cursor`, or at `offset` when there is none, saying how long the one after it will be asked
  /// to be (``TrackPageRequest/nextLimit``).
  private nonisolated static func request(
    after cursor: TrackCursor?, offset: Int, limit: Int, policy: TrackPaging
  ) -> TrackPageRequest {
    let nextLimit = policy.size(after: limit)
    return cursor.map { TrackPageRequest(after: $0, offset: offset, limit: limit, nextLimit: nextLimit) }
      ?? TrackPageRequest(offset: offset, limit: limit, order: .catalog, nextLimit: nextLimit)
  }

  /// The source's answer to `request`, success or failure.
  private nonisolated static func fetchPage(_ request: TrackPageRequest, from source: TrackSource) async -> Result<
    TrackPage, any Error
  > {
    do {
      return .success(try await source.tracks(request))
    } catch {
      return .failure(error)
    }
  }

  /// The source's answer to `request`, if there is one.
  private nonisolated static func fetchPage(ifAny request: TrackPageRequest?, from source: TrackSource) async
    -> Result<TrackPage, any Error>?
  {
    guard let request else { return nil }
    return await fetchPage(request, from: source)
  }

  /// Shows a batch of tracks that starts at `offset` in the catalog's order.
  private func show(_ batch: [Track], at offset: Int, total: Int, isComplete: Bool) {
    var changed = merge(batch, at: offset)
    if isComplete { changed = keepOnly(offset + batch.count) || changed }
    trackLoading = TrackLoading(loadedCount: offset + batch.count, totalCount: total, isInProgress: !isComplete)
    if changed { rebuildRows() } else { publish() }
  }

  /// Shows the tracks that arrived before a page failed, and the failure; the rows shown stay.
  private func showPageFailure(_ error: any Error, batch: [Track], at offset: Int) {
    paging = nil
    state = .failed(PageLoadError(error))
    if merge(batch, at: offset) { rebuildRows() }
    trackLoading = TrackLoading(
      loadedCount: offset + batch.count, totalCount: trackLoading.totalCount, isInProgress: false)
    publish()
    resumeLoadWaiters()
  }
}
