import CatalogAPI
import Domain
import HumbleSupport
import Services

/// The favourites in memory and their announcements: every merge and its announcement happen under one
/// lock, so subscribers hear the changes in the order they were made.
final class FavouritesStore: Sendable {
  private let ledger: Locked<FavouritesLedger>
  private let broadcaster = ChangeBroadcaster<FavouriteChange>()

  init(_ list: FavouritesBody) {
    var ledger = FavouritesLedger()
    _ = ledger.apply(list)
    self.ledger = Locked(ledger)
  }

  var favourites: Set<Track.ID> { ledger.withLock { $0.favourites } }

  var version: Int { ledger.withLock { $0.version } }

  func favouriteStates(of trackIDs: [Track.ID]) -> [Bool] {
    ledger.withLock { ledger in trackIDs.map { ledger.favourites.contains($0) } }
  }

  func apply(_ list: FavouritesBody) {
    ledger.withLock { ledger in
      for change in ledger.apply(list) { broadcaster.send(change) }
    }
  }

  func apply(_ change: FavouriteChangeBody) {
    ledger.withLock { ledger in
      if let change = ledger.apply(change) { broadcaster.send(change) }
    }
  }

  func changes() -> AsyncStream<FavouriteChange> {
    broadcaster.stream()
  }

  func finish() {
    broadcaster.finish()
  }
}
