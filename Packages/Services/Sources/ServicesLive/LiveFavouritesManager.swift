import Domain
import Foundation
import GRDB
import HumbleSupport
import Services

/// The ``FavouritesManager`` that persists favourites in the catalog database.
///
/// Favourites are loaded once when the manager is created and then answered from memory. A change is
/// written first; memory is updated and the change announced only once its transaction has committed, in
/// commit order, so memory, the file and the announcements always agree even when many tasks change
/// favourites at once.
public final class LiveFavouritesManager: FavouritesManager, Sendable {
  private let database: CatalogDatabase
  private let favourites: Locked<Set<Track.ID>>
  private let broadcaster = ChangeBroadcaster<FavouriteChange>()

  /// Loads the favourites stored in `database`.
  public init(database: CatalogDatabase) throws(CatalogDatabaseError) {
    self.database = database
    let stored = try database.readBlocking { db in try String.fetchAll(db, sql: "SELECT trackID FROM favourite") }
    favourites = Locked(Set(stored.map { Track.ID($0) }))
  }

  /// Every favourited track.
  public var favouritedTrackIDs: Set<Track.ID> {
    favourites.withLock { $0 }
  }

  /// Whether each track is a favourite, under one lock.
  public func favouriteStates(of trackIDs: [Track.ID]) -> [Bool] {
    favourites.withLock { favourites in
      if favourites.isEmpty { return Array(repeating: false, count: trackIDs.count) }
      return trackIDs.map { favourites.contains($0) }
    }
  }

  /// Whether the track is a favourite.
  public func isFavourited(_ trackID: Track.ID) -> Bool {
    favourites.withLock { $0.contains(trackID) }
  }

  /// Stores the track's favourite state, then announces the change (if it is one).
  public func setFavourited(_ isFavourited: Bool, trackID: Track.ID) async throws(FavouritesError) {
    guard !trackID.rawValue.containsNUL else { throw .invalidTrackID(trackID) }
    // An unstructured task: a write that started lands even if the caller is cancelled, so memory, disk and
    // announcements stay in step.
    let write = Task { () async -> Result<Void, CatalogDatabaseError> in
      do throws(CatalogDatabaseError) {
        try await database.write { db in
          if isFavourited {
            try db.execute(
              sql: "INSERT OR IGNORE INTO favourite (trackID, createdAt) VALUES (?, ?)",
              arguments: [trackID.rawValue, Date().timeIntervalSince1970])
          } else {
            try db.execute(sql: "DELETE FROM favourite WHERE trackID = ?", arguments: [trackID.rawValue])
          }
          guard db.changesCount > 0 else { return }
          db.afterNextTransaction { _ in
            self.favourites.withLock { favourites in
              if isFavourited { favourites.insert(trackID) } else { favourites.remove(trackID) }
              self.broadcaster.send(FavouriteChange(trackID: trackID, isFavourited: isFavourited))
            }
          }
        }
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    if case .failure(let error) = await write.value {
      throw .storage(reason: error.description)
    }
  }

  /// Every change made after this call, buffered.
  public func changes() -> AsyncStream<FavouriteChange> {
    broadcaster.stream()
  }
}
