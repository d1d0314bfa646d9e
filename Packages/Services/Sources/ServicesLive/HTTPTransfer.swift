import Foundation
import Services

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One HTTP(S) GET whose body is streamed, chunk by chunk, into a ``ChunkWriter``.
///
/// Redirects are followed only to `http` and `https` URLs: a server cannot send the transfer to a local
/// file or to another scheme.
///
/// A server that sends nothing for `stallTimeout` (neither a response nor a byte of the body) fails the
/// transfer as stalled.
struct HTTPTransfer: Sendable {
  let url: URL
  var stallTimeout: Duration = .seconds(30)

  private enum Event: Sendable {
    case response(HTTPURLResponse)
    case data(Data)
    case refusedRedirect(String)
  }

  /// Ends the events when the server has been silent for too long.
  private struct Stalled: Error {}

  /// When the server last sent something.
  private final class LastActivity: Sendable {
    private let last = Locked(ContinuousClock.now)

    var instant: ContinuousClock.Instant { last.withLock { $0 } }

    func touch() { last.withLock { $0 = .now } }
  }

  func run(into writer: ChunkWriter) async throws(StreamTransfer.Failure) {
    let (events, continuation) = AsyncThrowingStream<Event, any Error>.makeStream()
    let lastActivity = LastActivity()
    let delegate = Delegate(continuation: continuation, lastActivity: lastActivity)
    let configuration = URLSessionConfiguration.ephemeral
    // URLSession's own idle timeout and the watchdog below end a stall alike, whichever fires first (the
    // watchdog also covers a platform whose timeout is not reset by each byte).
    configuration.timeoutIntervalForRequest = stallTimeout / .seconds(1)
    let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    defer { session.finishTasksAndInvalidate() }
    // Schemes are case-insensitive, but FoundationNetworking only knows "http" and "https" spelled so.
    var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    components?.scheme = url.scheme?.lowercased()
    let task = session.dataTask(with: components?.url ?? url)
    continuation.onTermination = { termination in
      if case .cancelled = termination { task.cancel() }
    }
    task.resume()
    let watchdog = Task { [stallTimeout] in
      while !Task.isCancelled {
        let due = lastActivity.instant + stallTimeout
        if ContinuousClock.now >= due {
          continuation.finish(throwing: Stalled())
          return
        }
        try? await Task.sleep(until: due, clock: .continuous)
      }
    }
    defer { watchdog.cancel() }
    do {
      for try await event in events {
        switch event {
        case .response(let response):
          guard (200..<300).contains(response.statusCode) else {
            task.cancel()
            let status = HTTPURLResponse.localizedString(forStatusCode: response.statusCode)
            throw StreamTransfer.Failure.failed("HTTP \(response.statusCode) (\(status)) from \(url.absoluteString)")
          }
          if response.expectedContentLength > 0 { writer.expectedLength = Int(response.expectedContentLength) }
        case .data(let data):
          try await writer.write(data)
        case .refusedRedirect(let target):
          task.cancel()
          throw StreamTransfer.Failure.failed(
            "\(url.absoluteString) redirects to \(target), which is not an http or https URL")
        }
      }
      if Task.isCancelled { throw StreamTransfer.Failure.cancelled }
      if let expected = writer.expectedLength, writer.written != expected {
        throw StreamTransfer.Failure.failed(
          "received \(writer.written) of \(expected) bytes from \(url.absoluteString)")
      }
    } catch let failure as StreamTransfer.Failure {
      task.cancel()
      throw failure
    } catch is Stalled {
      task.cancel()
      throw .failed(stalledReason(writer))
    } catch {
      task.cancel()
      if Task.isCancelled { throw .cancelled }
      if (error as? URLError)?.code == .timedOut { throw .failed(stalledReason(writer)) }
      if writer.written > 0 {
        let total = writer.expectedLength.map { " of \($0)" } ?? ""
        throw .failed("the connection closed after \(writer.written)\(total) bytes from \(url.absoluteString)")
      }
      throw .failed(Self.describe(error, url: url))
    }
  }

  /// Why a transfer that stalled failed, and how far it got.
  private func stalledReason(_ writer: ChunkWriter) -> String {
    let progress =
      if let expected = writer.expectedLength {
        " after \(writer.written) of \(expected) bytes"
      } else if writer.written > 0 {
        " after \(writer.written) bytes"
      } else {
        " before any of the body arrived"
      }
    return
      "stalled: no data for \(String(format: "%g", stallTimeout / .seconds(1))) s from \(url.absoluteString)\(progress)"
  }

  private static func describe(_ error: any Error, url: URL) -> String {
    let host = url.host ?? url.absoluteString
    guard let error = error as? URLError else { return "\(url.absoluteString): \(error.localizedDescription)" }
    switch error.code {
    case .cannotConnectToHost: return "cannot connect to \(host) for \(url.absoluteString)"
    case .cannotFindHost, .dnsLookupFailed: return "unknown host \(host) for \(url.absoluteString)"
    case .timedOut: return "timed out fetching \(url.absoluteString)"
    case .notConnectedToInternet, .networkConnectionLost: return "network unavailable for \(url.absoluteString)"
    default: return "fetching \(url.absoluteString) failed (URLError \(error.code.rawValue))"
    }
  }

  private final class Delegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // Only touched from the session's serial delegate queue.
    private let continuation: AsyncThrowingStream<Event, any Error>.Continuation
    private let lastActivity: LastActivity

    init(
      continuation: AsyncThrowingStream<Event, any Error>.Continuation, lastActivity: LastActivity
    ) {
      self.continuation = continuation
      self.lastActivity = lastActivity
    }

    func urlSession(
      _ session: URLSession,
      dataTask: URLSessionDataTask,
      didReceive response: URLResponse,
      completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
      lastActivity.touch()
      if let response = response as? HTTPURLResponse { continuation.yield(.response(response)) }
      completionHandler(.allow)
    }

    func urlSession(
      _ session: URLSession,
      task: URLSessionTask,
      willPerformHTTPRedirection response: HTTPURLResponse,
      newRequest request: URLRequest,
      completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
      lastActivity.touch()
      let scheme = request.url?.scheme?.lowercased()
      guard scheme == "http" || scheme == "https" else {
        continuation.yield(.refusedRedirect(request.url?.absoluteString ?? "an invalid URL"))
        completionHandler(nil)
        return
      }
      completionHandler(request)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
      lastActivity.touch()
      continuation.yield(.data(data))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
      if let error {
        continuation.finish(throwing: error)
      } else {
        continuation.finish()
      }
    }
  }
}
