import Foundation
import HumbleSupport
import HummingbirdCore
import NIOConcurrencyHelpers
import NIOCore

/// The server's open connections: how many there are, which of them wait between requests (and since when), and
/// the most there may be.
///
/// At the limit the server accepts no more connections (they wait in the listen backlog) until one closes; to make
/// room at once, it closes the connection that has waited longest for a request, and closes a connection that
/// finishes a request instead of keeping it alive. A connection in the middle of a request is never closed to make
/// room.
final class ConnectionTable: Sendable {
  private struct State {
    var open = 0
    /// The connections whose handling (Hummingbird's task for each) has not ended: one that has closed may still
    /// hold its buffers until then.
    var handling = 0
    /// The most connections handled at once since the last request to return freed memory (never fewer than
    /// `handling`).
    var mostHandling = 0
    /// The connections between requests, with when each started to wait.
    var waiting: [ObjectIdentifier: (channel: any Channel, since: NIODeadline)] = [:]
    var waiters: [(id: UUID, isDone: @Sendable (Int) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []
    /// Whether the server has stopped accepting, at the limit, until a connection closes.
    var acceptingStopped = false
    /// Connections the server closed since ``takeClosedByLimits()`` was last called, by why.
    var closedByLimits: [ConnectionCloseReason: Int] = [:]

    /// Takes the connection that has waited longest for a request out of the waiting ones.
    mutating func takeOldestWaiting() -> (any Channel)? {
      guard let oldest = waiting.min(by: { $0.value.since < $1.value.since }) else { return nil }
      stopWaiting(oldest.key)
      return oldest.value.channel
    }

    /// A connection waits no more; the table's storage shrinks once most of it is unused, so that a burst of
    /// connections leaves no memory behind.
    mutating func stopWaiting(_ id: ObjectIdentifier) {
      guard waiting.removeValue(forKey: id) != nil else { return }
      waiting.shrinkIfMostlyUnused()
    }
  }

  /// The most connections open at once.
  let maximum: Int
  private let state = NIOLockedValueBox(State())
  private let trimRequestsContinuation: AsyncStream<MemoryTrim.Request>.Continuation

  /// Each time the server is done with enough connections for their memory to be worth returning to the system
  /// (see ``MemoryTrim``); only the latest waits when the reader is behind.
  let trimRequests: AsyncStream<MemoryTrim.Request>

  init(maximum: Int) {
    self.maximum = maximum
    (trimRequests, trimRequestsContinuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
  }

  /// How many connections are open now.
  var openCount: Int { state.withLockedValue { $0.open } }

  /// Whether the server accepts another connection now; at the limit, the connection that has waited longest
  /// for a request closes, and the server accepts again once it has.
  var isAccepting: Bool {
    let (accepting, shed): (Bool, (any Channel)?) = state.withLockedValue { state in
      guard state.open >= maximum else {
        state.acceptingStopped = false
        return (true, nil)
      }
      state.acceptingStopped = true
      return (false, state.takeOldestWaiting())
    }
    close(shed)
    return accepting
  }

  /// A connection was accepted; at the limit, the connection that has waited longest for a request closes.
  func opened() {
    let shed: (any Channel)? = state.withLockedValue { state in
      state.open += 1
      return state.open >= maximum ? state.takeOldestWaiting() : nil
    }
    close(shed)
    resumeWaiters()
  }

  /// A connection closed.
  func closed() {
    state.withLockedValue { $0.open -= 1 }
    resumeWaiters()
  }

  /// The server has started to handle a connection.
  func handlingStarted() {
    state.withLockedValue { state in
      state.handling += 1
      state.mostHandling = max(state.mostHandling, state.handling)
    }
  }

  /// The server is done with a connection, which has freed what it held; when enough are since the last trim, a
  /// trim is requested.
  func handlingEnded() {
    let trim: MemoryTrim.Request? = state.withLockedValue { state in
      state.handling -= 1
      guard MemoryTrim.isDue(open: state.handling, mostOpen: state.mostHandling) else { return nil }
      defer { state.mostHandling = state.handling }
      return MemoryTrim.Request(openConnections: state.handling, mostOpenSinceLastTrim: state.mostHandling)
    }
    if let trim { trimRequestsContinuation.yield(trim) }
  }

  /// A connection is closing: it waits for nothing any more.
  func forget(_ channel: any Channel) {
    state.withLockedValue { state in state.stopWaiting(ObjectIdentifier(channel)) }
  }

  /// The server closed a connection that its client had not closed.
  func noteClosed(by reason: ConnectionCloseReason) {
    state.withLockedValue { $0.closedByLimits[reason, default: 0] += 1 }
  }

  /// How many connections the server closed since the last call, by why (none of a reason: not there).
  func takeClosedByLimits() -> [ConnectionCloseReason: Int] {
    state.withLockedValue { state in
      defer { state.closedByLimits = [:] }
      return state.closedByLimits
    }
  }

  /// A connection waits for a request from now: a new one, or one that has finished a request; false when one that
  /// has finished a request should close instead, the server being at its limit.
  func waitsForRequest(_ channel: any Channel, isNew: Bool) -> Bool {
    let (waits, shed): (Bool, (any Channel)?) = state.withLockedValue { state in
      guard isNew || state.open < maximum else { return (false, nil) }
      state.waiting[ObjectIdentifier(channel)] = (channel, .now())
      // A connection accepted just before the limit stopped the server is known to wait only now, on its own
      // event loop: with none waiting then, nothing could be closed to make room, and the server would accept
      // nothing until some connection closed by itself (an idle timeout later).
      guard state.acceptingStopped, state.open >= maximum else { return (true, nil) }
      // The oldest may be this connection itself: it does not wait then, and closes itself (after its writes).
      let oldest = state.takeOldestWaiting()
      guard let oldest else { return (true, nil) }
      return ObjectIdentifier(oldest) == ObjectIdentifier(channel) ? (false, nil) : (true, oldest)
    }
    close(shed)
    return waits
  }

  /// A connection has started a request.
  func startedRequest(_ channel: any Channel) {
    state.withLockedValue { state in state.stopWaiting(ObjectIdentifier(channel)) }
  }

  /// Returns once `isDone` holds for the count of open connections.
  func waitUntilOpenCount(_ isDone: @escaping @Sendable (Int) -> Bool) async {
    let id = UUID()
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let done = state.withLockedValue { state in
          guard !isDone(state.open), !Task.isCancelled else { return true }
          state.waiters.append((id, isDone, continuation))
          return false
        }
        if done { continuation.resume() }
      }
    } onCancel: {
      let waiter = state.withLockedValue { state in
        state.waiters.firstIndex { $0.id == id }.map { state.waiters.remove(at: $0).continuation }
      }
      waiter?.resume()
    }
  }

  /// Closes a connection made to give way, on its event loop's next turn: never inline, where its close would run
  /// Hummingbird's accounting of closed connections in the middle of its own question whether to accept (on the
  /// same loop), and leave it waiting for a close that had already happened.
  private func close(_ channel: (any Channel)?) {
    guard let channel else { return }
    noteClosed(by: .connectionLimit)
    channel.eventLoop.execute { channel.close(promise: nil) }
  }

  private func resumeWaiters() {
    let ready = state.withLockedValue { state in
      let open = state.open
      let ready = state.waiters.filter { $0.isDone(open) }
      state.waiters.removeAll { $0.isDone(open) }
      return ready.map(\.continuation)
    }
    for continuation in ready { continuation.resume() }
  }
}

/// Hummingbird's gate on accepting connections, over a ``ConnectionTable``.
struct ConnectionLimit: AvailableConnectionsDelegate {
  let table: ConnectionTable

  func connectionOpened() { table.opened() }

  func connectionClosed() { table.closed() }

  func isAcceptingNewConnections() -> Bool { table.isAccepting }
}
