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
  private let task = Locked<URLSessionDataTask?>(nil)
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
  func start() {
    var request: URLRequest
    do {
      request = try client.request("GET", CatalogAPI.Path.favouriteEvents)
    } catch {
      return onEnd(error.reason)
    }
    request.setValue(CatalogJSON.eventStreamContentType, forHTTPHeaderField: "Accept")
    // On Linux this is the longest silence allowed between bytes, not a limit on the whole feed.
    request.timeoutInterval = Self.idleTimeout
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForResource = .greatestFiniteMagnitude
    let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    let dataTask = session.dataTask(with: request)
    task.withLock { $0 = dataTask }
    dataTask.resume()
    // The session keeps its delegate until invalidated; finishing lets it go once the task ends.
    session.finishTasksAndInvalidate()
  }

  /// Closes the connection; `onEnd` follows.
  func cancel() {
    task.withLock { $0 }?.cancel()
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
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
    let reason = client.origin.map { $0.refusal(ofRedirectTo: request.url) } ?? "the server's origin is unknown"
    guard let reason else { return completionHandler(request) }
    state.withLock { $0.failure = $0.failure ?? reason }
    completionHandler(nil)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
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
