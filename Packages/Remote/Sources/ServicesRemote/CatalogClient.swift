import CatalogAPI
import Foundation
import HumbleSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends requests to one server and reads their answers as wire types, telling every failure in one line.
final class CatalogClient: Sendable {
  /// The server's base URL, as given.
  let baseURL: URL
  /// The base URL as messages name the server ("server at http://127.0.0.1:8080").
  let serverName: String
  let token: String?
  let configuration: RemoteConfiguration
  let session: URLSession
  /// The configured server's origin: the only one the token is sent to.
  let origin: ServerOrigin?
  private let exchanges: ExchangeDelegate
  /// Pages read ahead of the caller (``ReadAheads``).
  let readAheads = ReadAheads()

  init(baseURL: URL, token: String?, configuration: RemoteConfiguration) {
    self.baseURL = baseURL
    var name = baseURL.absoluteString
    while name.hasSuffix("/") { name.removeLast() }
    serverName = name
    self.token = token
    self.configuration = configuration
    let sessionConfiguration = URLSessionConfiguration.ephemeral
    sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
    origin = ServerOrigin(baseURL)
    exchanges = ExchangeDelegate(origin: origin, maximumBodyBytes: configuration.maximumBodyBytes)
    session = URLSession(configuration: sessionConfiguration, delegate: exchanges, delegateQueue: nil)
  }

  deinit {
    // A session keeps its delegate until it is invalidated; running requests still finish.
    session.finishTasksAndInvalidate()
  }

  /// A request for `path` (already percent-encoded) with `query`, authorised when there is a token.
  func request(_ method: String, _ path: String, query: [URLQueryItem] = []) throws(RemoteFailure) -> URLRequest {
    var components = URLComponents()
    components.queryItems = query.isEmpty ? nil : query
    // `+` is a space in many servers' query parsing; URLComponents leaves it alone.
    let queryText = components.percentEncodedQuery.map { "?" + $0.replacingOccurrences(of: "+", with: "%2B") } ?? ""
    guard let url = URL(string: serverName + path + queryText) else {
      throw .failed(reason: "cannot make a URL from \(serverName + path + queryText)".oneLine)
    }
    return request(method, url)
  }

  /// A request for `url` on this server, authorised when there is a token.
  func request(_ method: String, _ url: URL) -> URLRequest {
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.setValue(CatalogJSON.contentType, forHTTPHeaderField: "Accept")
    if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
    // Foundation on Linux truncates timeouts to whole seconds (0.2 s fires at once), so the deadline is
    // enforced here and URLSession's own is only a backstop past it.
    request.timeoutInterval = (configuration.requestTimeout.inSeconds + 1).rounded(.up)
    return request
  }

  /// The body of a JSON answer to `GET path`, decoded.
  func get<Body: Decodable>(
    _ type: Body.Type, _ path: String, query: [URLQueryItem] = []
  ) async throws(RemoteFailure) -> Body {
    try await send(type, request("GET", path, query: query), path: path)
  }

  /// The body of a JSON answer to `method path`, decoded.
  func send<Body: Decodable>(_ type: Body.Type, _ request: URLRequest, path: String) async throws(RemoteFailure)
    -> Body
  {
    try await send(request, path: path) { data in try CatalogJSON.decoder().decode(Body.self, from: data) }
  }

  /// The body of a JSON answer to `GET path`, read by `decode` (which throws `DecodingError` for a body it cannot
  /// read): for a body with a reader of its own, such as ``CatalogAPI/TrackPageBody/init(json:)``.
  ///
  /// `nextQuery` is what the caller will change in the next page's query when it asks for it (a longer `limit`):
  /// the page read ahead is read so.
  func get<Body>(
    _ path: String, query: [URLQueryItem] = [], nextQuery: [URLQueryItem] = [], decode: (Data) throws -> Body
  ) async throws(RemoteFailure) -> Body {
    try await send(request("GET", path, query: query), path: path, nextQuery: nextQuery, decode: decode)
  }

  /// The body of a JSON answer to `request`, read by `decode`; `nextQuery` as for ``get(_:query:nextQuery:decode:)``.
  func send<Body>(
    _ request: URLRequest, path: String, nextQuery: [URLQueryItem] = [], decode: (Data) throws -> Body
  ) async throws(RemoteFailure) -> Body {
    let (data, response) = try await perform(request, nextQuery: nextQuery)
    try Self.requireSuccess(response, data)
    try Self.requireJSON(response)
    do {
      return try decode(data)
    } catch let error as DecodingError {
      throw .failed(reason: "the server sent malformed JSON for \(path): \(Self.describe(error))".oneLine)
    } catch {
      throw .failed(reason: "the server sent malformed JSON for \(path): \(error.localizedDescription)".oneLine)
    }
  }

  /// Sends a request and waits for the whole answer, within the configured timeout; a `GET` the server said comes
  /// next, already read ahead (``ReadAheads``), is answered by that read.
  ///
  /// The page the answer names next is read ahead with `nextQuery`'s items in place of the server's: what the
  /// caller will ask for it with.
  func perform(_ request: URLRequest, nextQuery: [URLQueryItem] = []) async throws(RemoteFailure) -> (
    Data, HTTPURLResponse
  ) {
    if Task.isCancelled { throw .cancelled }
    if configuration.readsAhead, request.httpMethod == "GET", let url = request.url,
      let address = ReadAheads.Address(url),
      let page = readAheads.claim(address, maximumAge: configuration.requestTimeout)
    {
      if let next = page.claim(nextQuery: nextQuery) { readAhead(next) }
      let outcome = await FirstOutcome<Outcome>.race(
        within: configuration.requestTimeout, onTimeout: { [timedOut] in .failure(timedOut) },
        onCancel: { .failure(.cancelled) },
        start: { answer in Task { answer.settle(await page.outcome.value()) } })
      switch outcome {
      case .success(let answer): return answer
      case .failure(.cancelled): throw .cancelled
      // A read ahead that failed is asked again: the caller's failure is its own, not an earlier one.
      case .failure: break
      }
    }
    let session = session
    let exchanges = exchanges
    let timedOut = timedOut
    // The URL session task is never cancelled. FoundationNetworking on Linux can crash when a task is cancelled
    // while it is failing by itself (a refused connection fails at once, and its sibling requests are cancelled
    // at the same moment: swift-corelibs-foundation's "cancelling and protocol fails fast" crash family). So the
    // caller is answered at once (by the server, its own cancellation or the deadline, whichever comes first)
    // and the task is left to end on its own; URLSession's own timeout, set just past the deadline, bounds how
    // long it can last.
    return try await FirstOutcome<Outcome>.race(
      within: configuration.requestTimeout, onTimeout: { .failure(timedOut) }, onCancel: { .failure(.cancelled) },
      start: { answer in
        exchanges.start(
          session.dataTask(with: request),
          head: { [self] response in
            if let next = next(after: response, of: request) { readAhead(ReadAheads.url(next, replacing: nextQuery)) }
          },
          finish: { [self] data, response, error, refusal in
            answer.settle(refusal.map { .failure($0) } ?? outcome(data, response, error))
          })
      }
    ).get()
  }

  /// The page the answer's head says comes next, on this server, when the client reads ahead.
  private func next(after response: HTTPURLResponse, of request: URLRequest) -> URL? {
    guard configuration.readsAhead, request.httpMethod == "GET", (200..<300).contains(response.statusCode),
      let value = response.value(forHTTPHeaderField: CatalogAPI.NextPageLink.headerName),
      let target = CatalogAPI.NextPageLink.target(in: value),
      let url = URL(string: target, relativeTo: request.url)?.absoluteURL,
      // Only this server's pages: a read ahead carries the token.
      let origin, ServerOrigin(url) == origin
    else { return nil }
    return url
  }

  /// Asks for `url` before the caller does (``ReadAheads``); its head, once the caller claims it, names the one
  /// after.
  private func readAhead(_ url: URL) {
    guard let address = ReadAheads.Address(url), let page = readAheads.add(address) else { return }
    let request = request("GET", url)
    exchanges.start(
      session.dataTask(with: request),
      head: { [self] response in
        if let next = page.headArrived(next: next(after: response, of: request)) { readAhead(next) }
      },
      finish: { [self] data, response, error, refusal in
        page.outcome.settle(refusal.map { .failure($0) } ?? outcome(data, response, error))
      })
  }

  /// What an exchange with the server comes to: its body and response, or why there is none.
  typealias Outcome = Result<(Data, HTTPURLResponse), RemoteFailure>

  private func outcome(_ data: Data?, _ response: URLResponse?, _ error: (any Error)?) -> Outcome {
    if let error { return .failure(describe(error)) }
    guard let response = response as? HTTPURLResponse else {
      return .failure(.failed(reason: "server at \(serverName) sent an answer that is not HTTP"))
    }
    return .success((data ?? Data(), response))
  }

  private var timedOut: RemoteFailure {
    .unreachable(reason: "server at \(serverName) timed out after \(configuration.requestTimeout.secondsText)")
  }

  /// A transport error as one line naming the server: the server could not be reached.
  func describe(_ error: any Error) -> RemoteFailure {
    guard let error = error as? URLError else {
      return .unreachable(
        reason: "the request to server at \(serverName) failed: \(error.localizedDescription)".oneLine)
    }
    switch error.code {
    case .timedOut: return timedOut
    case .cannotConnectToHost:
      return .unreachable(reason: "server at \(serverName) refused the connection")
    case .cannotFindHost, .dnsLookupFailed:
      return .unreachable(reason: "server at \(serverName) was not found: no such host")
    case .badServerResponse:
      return .unreachable(reason: "server at \(serverName) closed the connection without answering")
    case .networkConnectionLost, .unknown:
      return .unreachable(reason: "server at \(serverName) cut the connection before the answer was complete")
    case .notConnectedToInternet:
      return .unreachable(reason: "server at \(serverName) cannot be reached: no network")
    default:
      return .unreachable(
        reason: "the request to server at \(serverName) failed: \(error.localizedDescription)".oneLine)
    }
  }

  /// Throws the server's error answer as one line: the problem document's `detail` when there is one.
  static func requireSuccess(_ response: HTTPURLResponse, _ data: Data) throws(RemoteFailure) {
    let status = response.statusCode
    guard !(200..<300).contains(status) else { return }
    let isProblem = mediaType(response) == CatalogJSON.problemContentType
    if isProblem, let problem = try? CatalogJSON.decoder().decode(Problem.self, from: data) {
      throw .status(status, reason: "the server answered \(status): \(problem.detail)".oneLine)
    }
    throw .status(
      status, reason: "the server answered \(status): \(HTTPURLResponse.localizedString(forStatusCode: status))")
  }

  /// Throws unless the answer says it is JSON.
  static func requireJSON(_ response: HTTPURLResponse) throws(RemoteFailure) {
    guard let type = mediaType(response) else {
      throw .failed(reason: "the server sent no content type, expected \(CatalogJSON.contentType)")
    }
    guard type == CatalogJSON.contentType else {
      throw .failed(reason: "the server sent \(type), expected \(CatalogJSON.contentType)".oneLine)
    }
  }

  /// The answer's media type, lowercased, without parameters (`application/json; charset=utf-8` is JSON).
  static func mediaType(_ response: HTTPURLResponse) -> String? {
    guard let value = response.value(forHTTPHeaderField: "Content-Type") else { return nil }
    let type = value.split(separator: ";", maxSplits: 1).first.map(String.init) ?? value
    return type.trimmingCharacters(in: .whitespaces).lowercased()
  }

  /// A decoding error in one line: what was wrong, and where.
  static func describe(_ error: DecodingError) -> String {
    func place(_ path: [any CodingKey]) -> String {
      path.isEmpty
        ? "the top level"
        : path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingPrefix(".")
          .description
    }
    switch error {
    case .keyNotFound(let key, let context):
      return "no '\(key.stringValue)' at \(place(context.codingPath))"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return "\(context.debugDescription.trimmingSuffix(".")) at \(place(context.codingPath))"
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty { return "the body is not valid JSON" }
      return "\(context.debugDescription.trimmingSuffix(".")) at \(place(context.codingPath))"
    @unknown default:
      return "\(error)"
    }
  }
}

extension String {
  fileprivate func trimmingSuffix(_ suffix: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
  }
}
