// Changes to the page's rows while it is shown: row actions carried out through the managers, the track
// playing, and the managers' announcements of downloads and favourites, each shown in place.

import Domain
import Services

extension ArtistTableDataSource {
  /// Carries out one of a track row's actions through the page's managers, then shows the track's rows as the
  /// managers have them, before their announcements arrive; the page's next snapshot is published by then.
  ///
  /// Actions go through here rather than to the managers directly, so that the rows this data source publishes
  /// are never behind a change it made. The rows are brought up to date whether the action succeeded or not.
  public func perform(_ action: TrackAction, onTrackWithID id: Track.ID) async throws(TrackActionError) {
    defer {
      showManagersState(of: id)
      resumeManagerStateWaitersOnceShown()
    }
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

  /// Waits until every track's rows show what the managers say of it now.
  ///
  /// Once it returns, the changes the managers announced before the call have reached the page, and the page
  /// has been published as they left it. It returns at once when the rows already show it, and when the
  /// calling task is cancelled.
  ///
  /// A screen calls it once the managers have settled (the REPL's `wait`, after the downloads manager has
  /// finished its transfers) to show their outcome, instead of guessing when their announcements have arrived.
  /// It compares the page with what the managers hold (the tracks with a download state or a favourite) when
  /// called and after each announcement while someone waits: its cost follows those, not the page's length.
  public func waitUntilRowsShowManagersStates() async {
    guard !rowsShowManagersStates() else { return }
    await managerStateWaiters.wait()
  }

  /// Ends the waits of ``waitUntilRowsShowManagersStates()`` once the rows show what the managers say.
  func resumeManagerStateWaitersOnceShown() {
    guard !managerStateWaiters.isEmpty, rowsShowManagersStates() else { return }
    managerStateWaiters.resumeAll()
  }

  func showDownloadState(of trackID: Track.ID) {
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
      forget(before)
      change(&models[index])
      count(models[index])
      if models[index] != before, rowOfTrack[index] >= 0 { changedRows.append(index) }
    }
    guard !changedRows.isEmpty, let section = sections.firstIndex(where: { $0.id == .tracks }) else { return false }
    for index in changedRows {
      sections[section].rows[rowOfTrack[index]] = .track(models[index])
      pendingChanges.changedRows.insert(trackKeys[index])
    }
    return true
  }

  func showFavouriteState(of trackID: Track.ID) {
    guard let favouritesManager else { return }
    let isFavourited = favouritesManager.isFavourited(trackID)
    var changedKeys: [RowKey] = []
    var isVisible = false
    for index in indices(of: trackID) where models[index].isFavourited != isFavourited {
      forget(models[index])
      models[index].isFavourited = isFavourited
      count(models[index])
      changedKeys.append(trackKeys[index])
      // A row shown moves (favourites first) or leaves; a hidden one comes back if it now belongs on the page.
      isVisible =
        isVisible || rowOfTrack[index] >= 0
        || Self.belongsOnPage(tracks[index], isFavourited: isFavourited, user: user, rule: source.belongs)
    }
    // A hidden track (explicit, for a young user) changes nothing on the page; one the page already shows this
    // way (an announcement of a change it made) changes nothing either.
    guard isVisible else { return }
    pendingChanges.changedRows.formUnion(changedKeys)
    rebuildRows()
  }
}
