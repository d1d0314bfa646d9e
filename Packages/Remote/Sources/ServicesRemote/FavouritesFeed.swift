import CatalogAPI
import Foundation
import HumbleSupport
import Services

/// Keeps a ``FavouritesStore`` current from the live feed: connects, and after each `ready` re-reads the
/// whole list so nothing that changed while it was away is lost; reconnects with backoff when it drops.
struct FavouritesFeed: Sendable {
  private enum Message: Sendable {
    case ready
    case malformed(String)
    case ended(String)
  }

  /// How the feed waits `delay` before reconnection `attempt` (0 for the first after a catch-up): a hook for
  /// tests, which record the waits the backoff chose instead of sleeping through them.
  typealias Wait = @Sendable (_ attempt: Int, _ delay: Duration) async throws -> Void

  /// Sleeps through the wait.
  static let sleep: Wait = { _, delay in try await Task.sleep(for: delay) }

  let client: CatalogClient
  let store: FavouritesStore
  let states: FeedStateBroadcaster
  var wait: Wait = Self.sleep

  /// Runs until the calling task is cancelled.
  func run() async {
    var attempt = 0
    while !Task.isCancelled {
      states.send(.connecting)
      let (reason, caughtUp) = await connectOnce()
      guard !Task.isCancelled else { return }
      if caughtUp { attempt = 0 }
      states.send(.disconnected(reason: reason))
      do {
        try await wait(attempt, client.configuration.feedBackoff.delay(forAttempt: attempt))
      } catch {
        return
      }
      attempt += 1
    }
  }

  /// One connection, from opening to its end: why it ended, and whether it caught up first.
  private func connectOnce() async -> (reason: String, caughtUp: Bool) {
    let (messages, continuation) = AsyncStream<Message>.makeStream(bufferingPolicy: .unbounded)
    let connection = FeedConnection(
      client: client,
      onEvent: { [store] event in
        switch event.type {
        case CatalogAPI.FeedEvent.ready:
          continuation.yield(.ready)
        case CatalogAPI.FeedEvent.favourite:
          do {
            store.apply(try CatalogJSON.decoder().decode(FavouriteChangeBody.self, from: Data(event.data.utf8)))
          } catch {
            let detail = (error as? DecodingError).map(CatalogClient.describe) ?? "\(error)"
            continuation.yield(.malformed("the server sent a malformed favourite event: \(detail)".oneLine))
          }
        default:
          break
        }
      },
      onEnd: { reason in
        continuation.yield(.ended(reason))
        continuation.finish()
      })
    return await withTaskCancellationHandler {
      connection.start()
      var reason: String?
      var caughtUp = false
      for await message in messages {
        switch message {
        case .ready:
          // Events that arrive while the list is read are merged as they come; versions sort them out.
          do throws(RemoteFailure) {
            store.apply(try await client.get(FavouritesBody.self, CatalogAPI.Path.favourites))
            caughtUp = true
            states.send(.connected(version: store.version))
          } catch {
            reason = reason ?? "the feed could not catch up: \(error.reason)"
            connection.cancel()
          }
        case .malformed(let why):
          reason = reason ?? why
          connection.cancel()
        case .ended(let why):
          reason = reason ?? why
        }
      }
      return (reason ?? "the feed ended", caughtUp)
    } onCancel: {
      connection.cancel()
    }
  }
}
