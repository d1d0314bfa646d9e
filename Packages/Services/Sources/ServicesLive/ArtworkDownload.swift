import Foundation
import HumbleSupport
import Services

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One HTTP(S) GET of artwork's bytes, held to the loader's limits.
///
/// - The body is gathered chunk by chunk by a delegate: an answer that announces more than `maximumBytes` is
///   refused before its body is read, one that sends more is cut as it passes the limit.
/// - The answer comes within `timeout` (FirstOutcome's race with the deadline and the caller's cancellation); a
///   fetch that lost the race (timed out, or its task was cancelled) has its URLSession task cancelled, which
///   closes the connection.
/// - Redirects are followed only to `http` and `https`, never from `https` down to `http` (the downloads' rule,
///   ``HTTPTransfer/redirectRefusal(from:to:)``); the token goes only to its origin: a request elsewhere carries
///   none, and once a redirect has left the origin no later hop of the fetch carries it either.
struct ArtworkDownload: Sendable {
  let url: URL
  let maximumBytes: Int
  let timeout: Duration
  let authorization: LiveArtworkLoader.Authorization?

  /// The bytes of the answer, or why there are none.
  func run() async -> Result<Data, ArtworkLoadError> {
    if Task.isCancelled { return .failure(.cancelled) }
    let tokenOrigin = authorization.flatMap { HTTPOrigin($0.origin) }
    let delegate = Delegate(url: url, maximumBytes: maximumBytes, tokenOrigin: tokenOrigin)
    let configuration = URLSessionConfiguration.ephemeral
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    // Foundation on Linux truncates timeouts to whole seconds, so the deadline is the race's and URLSession's own
    // is only a backstop past it.
    let backstop = (timeout.inSeconds + 1).rounded(.up)
    configuration.timeoutIntervalForRequest = backstop
    let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    // Schemes are case-insensitive, but FoundationNetworking only knows "http" and "https" spelled so.
    var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    components?.scheme = url.scheme?.lowercased()
    var request = URLRequest(url: components?.url ?? url)
    request.timeoutInterval = backstop
    if let authorization, let tokenOrigin, HTTPOrigin(url) == tokenOrigin {
      request.setValue("Bearer \(authorization.bearerToken)", forHTTPHeaderField: "Authorization")
    }
    let timedOut = ArtworkLoadError.unreachable(url, reason: "no answer within \(timeout.secondsText)")
    let outcome = await FirstOutcome<Result<Data, ArtworkLoadError>>.race(
      within: timeout, onTimeout: { .failure(timedOut) }, onCancel: { .failure(.cancelled) },
      start: { outcome in delegate.start(session.dataTask(with: request), settling: outcome) }
    )
    // A session keeps its delegate until it is invalidated. One whose task lost the race is cancelled with it.
    if delegate.isComplete {
      session.finishTasksAndInvalidate()
    } else {
      session.invalidateAndCancel()
    }
    return outcome
  }

  /// Gathers one task's answer and settles the race with it.
  private final class Delegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct State {
      var outcome: FirstOutcome<Result<Data, ArtworkLoadError>>?
      var body = Data()
      var isComplete = false
      /// Set once the outcome is decided here: later bytes are not gathered.
      var isRefused = false
      /// Set once a redirect has left the token's origin: no later hop carries the token.
      var hasLeftOrigin = false
    }

    private let url: URL
    private let maximumBytes: Int
    private let tokenOrigin: HTTPOrigin?
    private let state = Locked(State())

    init(url: URL, maximumBytes: Int, tokenOrigin: HTTPOrigin?) {
      self.url = url
      self.maximumBytes = maximumBytes
      self.tokenOrigin = tokenOrigin
    }

    /// Whether the task has ended by itself (answered, or failed), rather than lost the race.
    var isComplete: Bool { state.withLock { $0.isComplete } }

    func start(_ task: URLSessionDataTask, settling outcome: FirstOutcome<Result<Data, ArtworkLoadError>>) {
      state.withLock { $0.outcome = outcome }
      task.resume()
    }

    private func settle(_ result: Result<Data, ArtworkLoadError>) {
      let outcome = state.withLock { state in
        state.isRefused = true
        state.body = Data()
        return state.outcome
      }
      outcome?.settle(result)
    }

    func urlSession(
      _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
      completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
      if let refusal = refusal(of: response) {
        settle(.failure(refusal))
        return completionHandler(.cancel)
      }
      let announced = response.expectedContentLength
      if announced > 0 { state.withLock { $0.body.reserveCapacity(Int(announced)) } }
      completionHandler(.allow)
    }

    /// Why the load fails on this response, before its body: a status other than success, or a body announced
    /// larger than the limit.
    private func refusal(of response: URLResponse) -> ArtworkLoadError? {
      guard let response = response as? HTTPURLResponse else {
        return .unreachable(url, reason: "the answer is not HTTP")
      }
      let status = response.statusCode
      if status == 404 || status == 410 { return .notFound(url) }
      guard (200..<300).contains(status) else {
        let phrase = HTTPURLResponse.localizedString(forStatusCode: status)
        return .unreachable(url, reason: "the server answered HTTP \(status) (\(phrase))")
      }
      guard response.expectedContentLength <= Int64(maximumBytes) else {
        let limit = "the answer announces \(response.expectedContentLength) bytes, more than the maximum download of"
        return .tooLarge(url, width: 0, height: 0, limit: "\(limit) \(maximumBytes) bytes")
      }
      return nil
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
      let overflows = state.withLock { state in
        guard !state.isRefused else { return false }
        guard state.body.count + data.count <= maximumBytes else { return true }
        state.body.append(data)
        return false
      }
      guard overflows else { return }
      let limit = "the download passed the maximum download of \(maximumBytes) bytes"
      settle(.failure(.tooLarge(url, width: 0, height: 0, limit: limit)))
      dataTask.cancel()
    }

    func urlSession(
      _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
      newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
      let source = response.url ?? task.currentRequest?.url ?? task.originalRequest?.url
      if let reason = HTTPTransfer.redirectRefusal(from: source, to: request.url) {
        settle(.failure(.unreachable(url, reason: reason)))
        return completionHandler(nil)
      }
      var next = request
      let staysOnOrigin = tokenOrigin != nil && request.url.flatMap(HTTPOrigin.init) == tokenOrigin
      let carriesToken = state.withLock { state in
        if !staysOnOrigin { state.hasLeftOrigin = true }
        return !state.hasLeftOrigin
      }
      if !carriesToken { next.setValue(nil, forHTTPHeaderField: "Authorization") }
      completionHandler(next)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
      let (outcome, body) = state.withLock { state in
        state.isComplete = true
        return (state.outcome, state.body)
      }
      outcome?.settle(error.map { .failure(failure($0)) } ?? .success(body))
    }

    /// A transport error as the load's failure, in one line.
    private func failure(_ error: any Error) -> ArtworkLoadError {
      let server = HTTPOrigin(url)?.text ?? url.absoluteString
      guard let error = error as? URLError else {
        return .unreachable(url, reason: "the request failed: \(error.localizedDescription)")
      }
      switch error.code {
      case .cancelled: return .cancelled
      case .cannotConnectToHost: return .unreachable(url, reason: "\(server) refused the connection")
      case .cannotFindHost, .dnsLookupFailed: return .unreachable(url, reason: "no such host as \(server)")
      case .timedOut: return .unreachable(url, reason: "\(server) timed out")
      case .networkConnectionLost, .badServerResponse:
        return .unreachable(url, reason: "\(server) closed the connection before the answer was complete")
      case .notConnectedToInternet: return .unreachable(url, reason: "no network")
      default:
        return .unreachable(url, reason: "the request failed (URLError \(error.code.rawValue))")
      }
    }
  }
}
