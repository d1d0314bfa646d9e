import HumbleServer
import HumbleSupport
import Logging
import NIOConcurrencyHelpers
import PostgresNIO
import Services

/// Every favourite change committed to the database by any server, heard with `LISTEN` on one connection of
/// its own, and handed to this server's feeds.
///
/// The connection is kept open: when it drops, every stream handed out so far ends (a feed that may have
/// missed a change closes, and its client reconnects and reads the state again), and the listener connects
/// again with a capped, jittered backoff.
final class FavouriteListener: Sendable {
  /// The channel servers notify on.
  static let channel = "humble_favourites"

  private struct State {
    var broadcaster: ChangeBroadcaster<FavouriteEvent>?
    var firstConnection: CheckedContinuation<Void, any Error>?
    var firstResult: Result<Void, any Error>?
    var lastFailure: String?
    var listeningWaiters: [CheckedContinuation<Void, Never>] = []
    var hasDropped = false
  }

  private let location: PostgresLocation
  private let logger: Logger
  private let connectTimeout: Duration
  private let state = NIOLockedValueBox(State())
  private let running = NIOLockedValueBox<Task<Void, Never>?>(nil)

  private let onReconnect: @Sendable () -> Void

  /// Creates a listener; `onReconnect` is called each time it listens again after its connection dropped.
  init(
    location: PostgresLocation, connectTimeout: Duration, logger: Logger,
    onReconnect: @escaping @Sendable () -> Void
  ) {
    self.location = location
    self.connectTimeout = connectTimeout
    self.logger = logger
    self.onReconnect = onReconnect
  }

  /// Returns once the listening connection is open (at once when it is).
  func waitUntilListening() async {
    await withCheckedContinuation { continuation in
      let listening = state.withLockedValue { state in
        if state.broadcaster != nil { return true }
        state.listeningWaiters.append(continuation)
        return false
      }
      if listening { continuation.resume() }
    }
  }

  /// Starts listening and returns once the first connection listens; throws when it cannot connect.
  func start() async throws {
    let task = Task { await self.listen() }
    running.withLockedValue { $0 = task }
    try await withCheckedThrowingContinuation { continuation in
      let early: Result<Void, any Error>? = state.withLockedValue { state in
        if let result = state.firstResult { return result }
        state.firstConnection = continuation
        return nil
      }
      if let early { continuation.resume(with: early) }
    }
  }

  /// Stops listening and ends every stream.
  func stop() async {
    let task = running.withLockedValue { $0 }
    task?.cancel()
    await task?.value
    let broadcaster = state.withLockedValue { state in
      defer { state.broadcaster = nil }
      return state.broadcaster
    }
    broadcaster?.finish()
  }

  /// The changes heard from now on; a stream that is already finished while the listener is reconnecting.
  func events() -> AsyncStream<FavouriteEvent> {
    guard let broadcaster = state.withLockedValue({ $0.broadcaster }) else { return AsyncStream { $0.finish() } }
    return broadcaster.stream()
  }

  /// Why the listening connection last failed to connect, while it is not connected; nil while it is.
  var lastFailure: String? { state.withLockedValue { $0.broadcaster == nil ? $0.lastFailure : nil } }

  private func listen() async {
    var attempt = 0
    var hasConnected = false
    while !Task.isCancelled {
      do {
        let connection = try await PostgresConnection.connect(
          configuration: try location.connectionConfiguration(connectTimeout: connectTimeout), id: 0, logger: logger)
        do {
          try await connection.listen(on: Self.channel) { notifications in
            attempt = 0
            self.connected()
            hasConnected = true
            for try await notification in notifications {
              if let event = Self.event(notification.payload) { self.heard(event) }
            }
          }
          try? await connection.close()
        } catch {
          try? await connection.close()
          throw error
        }
      } catch {
        let reason = PostgresFailure.reason(error, at: location)
        if !hasConnected {
          failFirst(error)
          return
        }
        state.withLockedValue { $0.lastFailure = reason }
        if !Task.isCancelled { logger.warning("favourites listener: \(reason)") }
      }
      disconnected()
      attempt += 1
      guard (try? await Task.sleep(for: Self.backoff.delay(forAttempt: attempt - 1))) != nil else { break }
    }
    disconnected()
  }

  /// 50 ms doubling to 5 s, spread by a quarter either way so that many servers do not retry together.
  static let backoff = Backoff(initial: .milliseconds(50), maximum: .seconds(5), multiplier: 2, jitter: 0.25)

  private func connected() {
    let (continuation, stale, waiters, isReconnection):
      (
        CheckedContinuation<Void, any Error>?, ChangeBroadcaster<FavouriteEvent>?, [CheckedContinuation<Void, Never>],
        Bool
      ) =
        state.withLockedValue { state in
          let stale = state.broadcaster
          state.broadcaster = ChangeBroadcaster()
          state.lastFailure = nil
          let waiters = state.listeningWaiters
          state.listeningWaiters = []
          let isReconnection = state.hasDropped
          guard state.firstResult == nil else { return (nil, stale, waiters, isReconnection) }
          state.firstResult = .success(())
          defer { state.firstConnection = nil }
          return (state.firstConnection, stale, waiters, isReconnection)
        }
    stale?.finish()
    // The pool is renewed before anyone waiting for the database hears that it is back.
    if isReconnection { onReconnect() }
    continuation?.resume()
    for waiter in waiters { waiter.resume() }
  }

  private func failFirst(_ error: any Error) {
    let continuation: CheckedContinuation<Void, any Error>? = state.withLockedValue { state in
      guard state.firstResult == nil else { return nil }
      state.firstResult = .failure(error)
      defer { state.firstConnection = nil }
      return state.firstConnection
    }
    continuation?.resume(throwing: error)
  }

  private func disconnected() {
    let broadcaster = state.withLockedValue { state in
      if state.broadcaster != nil { state.hasDropped = true }
      defer { state.broadcaster = nil }
      return state.broadcaster
    }
    broadcaster?.finish()
  }

  private func heard(_ event: FavouriteEvent) {
    state.withLockedValue { $0.broadcaster }?.send(event)
  }

  /// The notification's payload: `USER VERSION 1|0 TRACK`, the track last as it may hold spaces.
  static func payload(_ event: FavouriteEvent) -> String {
    "\(event.userID) \(event.version) \(event.isFavourited ? 1 : 0) \(event.trackID.rawValue)"
  }

  static func event(_ payload: String) -> FavouriteEvent? {
    let parts = payload.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
    guard parts.count == 4, let user = Int64(parts[0]), let version = Int(parts[1]), parts[2] == "1" || parts[2] == "0"
    else { return nil }
    return FavouriteEvent(
      userID: user, trackID: .init(String(parts[3])), isFavourited: parts[2] == "1", version: version)
  }
}
