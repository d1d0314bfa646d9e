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
    let (source, policy) = (source, trackPaging)
    paging = Task { [weak self] in
      var shown = first.tracks.count
      var batch: [Track] = []
      var size = policy.size(after: first.tracks.count)
      var cursor = first.nextCursor
      while true {
        let request =
          cursor.map { TrackPageRequest(after: $0, offset: shown + batch.count, limit: size) }
          ?? TrackPageRequest(offset: shown + batch.count, limit: size, order: .catalog)
        let result: Result<TrackPage, any Error>
        do {
          result = .success(try await source.tracks(request))
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
          // After a cursor, the last page is the one without a next cursor, whatever the count says meanwhile.
          let isComplete = cursor != nil ? page.nextCursor == nil : page.nextOffset == nil
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
          cursor = page.nextCursor
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
