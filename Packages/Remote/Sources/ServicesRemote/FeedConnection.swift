import CatalogAPI
import Foundation
import HumbleSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One connection to the live favourites feed (`GET /v1/me/favourites/events`), read as server-sent events.
///
/// Foundation on Linux has no `URLSession.bytes(for:)`, so the body is read through a data delegate, which
/// hands over each chunk as it arrives. Events reach `onEvent` on the session's serial delegate queue, in
/// order; ``ended`` finishes with the one-line reason the connection ended.
final class FeedConnection: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  private struct State {
    var parser: ServerSentEventParser
    var response: HTTPURLResponse?
    var errorBody = Data()
    var failure: String?
  }

  private let client: CatalogClient
  private let onEvent: @Sendable (ServerSentEvent) -> Void
  private let onEnd: @Sendable (String) -> Void
  private let state: Locked<State>
  /// Where the connection is: the request before the feed, the feed, or closed by ``cancel()``.
  private enum Phase {
    case notStarted
    case warmingUp(URLSessionDataTask)
    case open(URLSessionDataTask)
    case cancelled

    var task: URLSessionDataTask? {
      switch self {
      case .warmingUp(let task), .open(let task): task
      case .notStarted, .cancelled: nil
      }
    }
    var isCancelled: Bool {
      if case .cancelled = self { true } else { false }
    }
  }

  /// Whether `task` is the request before the feed (the only `HEAD` the session sends).
  private static func isWarmUp(_ task: URLSessionTask) -> Bool { task.originalRequest?.httpMethod == "HEAD" }
  private let phase = Locked(Phase.notStarted)
  /// How long the feed may stay silent: the server sends a keep-alive comment every 15 s.
  static let idleTimeout: TimeInterval = 60

  /// A connection that reports events to `onEvent` and its end, once, to `onEnd`.
  init(
    client: CatalogClient, onEvent: @escaping @Sendable (ServerSentEvent) -> Void,
    onEnd: @escaping @Sendable (String) -> Void
  ) {
    self.client = client
    self.onEvent = onEvent
    self.onEnd = onEnd
    state = Locked(State(parser: ServerSentEventParser(maximumEventBytes: client.configuration.maximumEventBytes)))
  }

  /// Opens the connection.
  ///
  /// The feed goes over a connection the session opened for a request before it, never over one opened for the
  /// feed. FoundationNetworking (libcurl under libdispatch) keeps watching a socket it connected for writing after
  /// libcurl stops asking: the socket is always writable, so the session's queue wakes again and again while the
  /// request it connected for lasts. For a page that is a few milliseconds; a feed lasts for hours, and an idle
  /// `humble` burned most of a core. A request that reuses a kept connection is only ever watched for reading.
  /// So the feed starts with `HEAD /openapi.json` (no body; any status will do), and the feed's own request
  /// follows on the connection that one leaves open. An answer that closes its connection (`Connection: close`, a
  /// server at its connection limit) leaves the feed a connection of its own, and the spin for as long as it lasts.
  /// Foundation on Apple platforms has no such problem: there the feed is asked for at once.
  func start() {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForResource = .greatestFiniteMagnitude
    let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    #if canImport(FoundationNetworking)
      warmUp(in: session)
    #else
      openFeed(in: session)
    #endif
  }

  /// Sends the request before the feed; the feed follows when it ends.
  private func warmUp(in session: URLSession) {
    let warmUp: URLRequest
    do {
      warmUp = try client.request("HEAD", CatalogAPI.Path.openAPIDocument)
    } catch {
      session.finishTasksAndInvalidate()
      return onEnd(error.reason)
    }
    guard resume(warmUp, in: session, as: Phase.warmingUp) else {
      session.finishTasksAndInvalidate()
      return onEnd("the feed was closed")
    }
  }

  /// Asks for the feed itself, once the request before it ended (however it ended).
  private func openFeed(in session: URLSession) {
    var request: URLRequest
    do {
      request = try client.request("GET", CatalogAPI.Path.favouriteEvents)
    } catch {
      session.finishTasksAndInvalidate()
      return onEnd(error.reason)
    }
    request.setValue(CatalogJSON.eventStreamContentType, forHTTPHeaderField: "Accept")
    // On Linux this is the longest silence allowed between bytes, not a limit on the whole feed.
    request.timeoutInterval = Self.idleTimeout
    let resumed = resume(request, in: session, as: Phase.open)
    // The session keeps its delegate until invalidated; finishing lets it go once the task ends.
    session.finishTasksAndInvalidate()
    if !resumed { onEnd("the feed was closed") }
  }

  /// Sends `request` in `session` as the connection's next phase, unless ``cancel()`` came first: whether it did.
  private func resume(
    _ request: URLRequest, in session: URLSession, as next: (URLSessionDataTask) -> Phase
  ) -> Bool {
    let task = phase.withLock { phase -> URLSessionDataTask? in
      guard !phase.isCancelled else { return nil }
      let task = session.dataTask(with: request)
      phase = next(task)
      return task
    }
    task?.resume()
    return task != nil
  }

  /// Closes the connection; `onEnd` follows.
  func cancel() {
    let running = phase.withLock { phase -> URLSessionTask? in
      let running = phase.task
      phase = .cancelled
      return running
    }
    running?.cancel()
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    if Self.isWarmUp(dataTask) { return completionHandler(.allow) }
    guard let response = response as? HTTPURLResponse else {
      state.withLock { $0.failure = "server at \(client.serverName) sent a feed answer that is not HTTP" }
      return completionHandler(.cancel)
    }
    let type = CatalogClient.mediaType(response)
    state.withLock { state in
      state.response = response
      if response.statusCode == 200, type != CatalogJSON.eventStreamContentType {
        state.failure = "the server sent \(type ?? "no content type") for its feed, expected text/event-stream".oneLine
      }
    }
    completionHandler(state.withLock { $0.failure } == nil ? .allow : .cancel)
  }

  /// Refuses a redirect off the server's origin: the feed's request carries the token.
  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    if Self.isWarmUp(task) { return completionHandler(nil) }
    let reason = client.origin.map { $0.refusal(ofRedirectTo: request.url) } ?? "the server's origin is unknown"
    guard let reason else { return completionHandler(request) }
    state.withLock { $0.failure = $0.failure ?? reason }
    completionHandler(nil)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    if Self.isWarmUp(dataTask) { return }
    let events: [ServerSentEvent]? = state.withLock { state in
      guard state.failure == nil else { return [] }
      guard state.response?.statusCode == 200 else {
        state.errorBody.append(data.prefix(65_536 - state.errorBody.count))
        return []
      }
      do throws(ServerSentEventParser.EventTooLarge) {
        return try state.parser.parse(data)
      } catch {
        state.failure = "server at \(client.serverName) sent a feed event larger than \(error.limit) bytes"
        return nil
      }
    }
    // What came before the oversized event in this chunk is dropped too: the next connection re-reads the list.
    guard let events else { return dataTask.cancel() }
    for event in events { onEvent(event) }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    if Self.isWarmUp(task) {
      // However the request before the feed ended, the feed is asked for next: it reports its own failure.
      guard !phase.withLock(\.isCancelled) else {
        session.finishTasksAndInvalidate()
        return onEnd("the feed was closed")
      }
      return openFeed(in: session)
    }
    let reason = state.withLock { state -> String in
      if let failure = state.failure { return failure }
      if let response = state.response, response.statusCode != 200 {
        do throws(RemoteFailure) {
          try CatalogClient.requireSuccess(response, state.errorBody)
          return "the server answered \(response.statusCode) for its feed, expected 200"
        } catch {
          return error.reason
        }
      }
      if let error = error as? URLError, error.code == .cancelled { return "the feed was closed" }
      if let error = error as? URLError, error.code == .timedOut {
        return "server at \(client.serverName) sent nothing on the feed for \(Int(Self.idleTimeout)) s"
      }
      if let error { return client.describe(error).reason }
      return "server at \(client.serverName) closed the feed"
    }
    onEnd(reason)
  }
}
