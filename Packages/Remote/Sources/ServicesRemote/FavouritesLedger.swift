import CatalogAPI
import Domain
import Services

/// The user's favourites as the client knows them, and how new knowledge is merged by version.
///
/// The server numbers every change of a user's favourites. A list at version L tells every track's state
/// at L; a change at version N tells one track's state at N. For each track the newest knowledge wins, so
/// an answer, an event or a list that arrives late never undoes something newer, whatever the order.
struct FavouritesLedger: Sendable {
  /// The favourite tracks.
  private(set) var favourites: Set<Track.ID> = []
  /// The version of the newest list applied.
  private(set) var listVersion = -1
  /// The version of the newest change applied to each track since that list.
  private var changeVersions: [Track.ID: Int] = [:]

  /// The newest version the client has seen.
  var version: Int { max(listVersion, changeVersions.values.max() ?? -1) }

  /// Merges a list; returns the changes it made, in track order.
  mutating func apply(_ list: FavouritesBody) -> [FavouriteChange] {
    guard list.version >= listVersion else { return [] }
    let listed = Set(list.trackIDs)
    var changes: [FavouriteChange] = []
    for trackID in listed.union(favourites).sorted() {
      // A change newer than the list already says more about this track than the list does.
      if let changed = changeVersions[trackID], changed > list.version { continue }
      let isFavourited = listed.contains(trackID)
      guard isFavourited != favourites.contains(trackID) else { continue }
      if isFavourited { favourites.insert(trackID) } else { favourites.remove(trackID) }
      changes.append(FavouriteChange(trackID: trackID, isFavourited: isFavourited))
    }
    listVersion = list.version
    changeVersions = changeVersions.filter { $0.value > list.version }
    return changes
  }

  /// Merges one track's change; returns it when it changed what the client knew.
  mutating func apply(_ change: FavouriteChangeBody) -> FavouriteChange? {
    guard change.version > max(listVersion, changeVersions[change.trackID] ?? -1) else { return nil }
    changeVersions[change.trackID] = change.version
    let wasFavourited = favourites.contains(change.trackID)
    guard change.isFavourited != wasFavourited else { return nil }
    if change.isFavourited { favourites.insert(change.trackID) } else { favourites.remove(change.trackID) }
    return FavouriteChange(trackID: change.trackID, isFavourited: change.isFavourited)
  }
}
