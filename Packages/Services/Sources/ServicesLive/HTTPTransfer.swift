import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One HTTP(S) GET whose body is streamed, chunk by chunk, into a ``ChunkWriter``.
///
/// Redirects are followed only to `http` and `https` URLs: a server cannot send the transfer to a local
/// file or to another scheme.
struct HTTPTransfer: Sendable {
  let url: URL

  private enum Event: Sendable {
    case response(HTTPURLResponse)
    case data(Data)
    case refusedRedirect(String)
  }

  func run(into writer: ChunkWriter) async throws(StreamTransfer.Failure) {
    let (events, continuation) = AsyncThrowingStream<Event, any Error>.makeStream()
    let delegate = Delegate(continuation: continuation)
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 30
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
    } catch {
      task.cancel()
      if Task.isCancelled { throw .cancelled }
      if writer.written > 0, let expected = writer.expectedLength {
        throw .failed(
          "the connection closed after \(writer.written) of \(expected) bytes from \(url.absoluteString)")
      }
      throw .failed(Self.describe(error, url: url))
    }
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

    init(continuation: AsyncThrowingStream<Event, any Error>.Continuation) {
      self.continuation = continuation
    }

    func urlSession(
      _ session: URLSession,
      dataTask: URLSessionDataTask,
      didReceive response: URLResponse,
      completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
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
      let scheme = request.url?.scheme?.lowercased()
      guard scheme == "http" || scheme == "https" else {
        continuation.yield(.refusedRedirect(request.url?.absoluteString ?? "an invalid URL"))
        completionHandler(nil)
        return
      }
      completionHandler(request)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
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
