import Foundation
import HumbleSupport
import Services

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension HTTPTransfer {
  private enum Event: Sendable {
    case response(HTTPURLResponse)
    case data(Data)
    case refusedRedirect(String)
  }

  /// Ends the events when the server has been silent for too long.
  private struct Stalled: Error {}

  /// Ends the events when the writer has fallen more than ``HTTPTransfer/maximumBacklog`` bytes behind the
  /// source.
  private struct FellBehind: Error {}

  /// The body bytes received but not yet written.
  ///
  /// FoundationNetworking cannot pause a transfer (its suspend
  /// restarts the request), so a source faster than the writer is cut here instead, and resumed with a range
  /// once what arrived is written: memory stays bounded by the backlog, however fast the source.
  private final class Backlog: Sendable {
    private let bytes = Locked(0)

    /// Adds `count` received bytes; false when that takes the backlog past `limit`.
    func add(_ count: Int, limit: Int) -> Bool {
      bytes.withLock { bytes in
        bytes += count
        return bytes <= limit
      }
    }

    func remove(_ count: Int) { bytes.withLock { $0 -= count } }
  }

  /// When the server last sent something.
  private final class LastActivity: Sendable {
    private let last = Locked(ContinuousClock.now)

    var instant: ContinuousClock.Instant { last.withLock { $0 } }

    func touch() { last.withLock { $0 = .now } }
  }

  /// Sends one GET (for the rest of the body from `writer.written` when `resuming`) and streams its body into
  /// `writer`; returns nil when every byte has arrived, or how the request was cut.
  ///
  /// A whole (200) response sets `resumption` to what it says about ranges.
  func fetch(
    resuming: HTTPResumption?, learning resumption: inout HTTPResumption?, into writer: ChunkWriter
  ) async throws(StreamTransfer.Failure) -> Cut? {
    let (events, continuation) = AsyncThrowingStream<Event, any Error>.makeStream()
    let lastActivity = LastActivity()
    let backlog = Backlog()
    let delegate = Delegate(
      continuation: continuation, lastActivity: lastActivity, backlog: backlog, maximumBacklog: maximumBacklog,
      didFallBehind: didFallBehind)
    let configuration = URLSessionConfiguration.ephemeral
    // URLSession's own idle timeout and the watchdog below end a stall alike, whichever fires first (the
    // watchdog also covers a platform whose timeout is not reset by each byte).
    configuration.timeoutIntervalForRequest = stallTimeout / .seconds(1)
    let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    defer { session.finishTasksAndInvalidate() }
    // Schemes are case-insensitive, but FoundationNetworking only knows "http" and "https" spelled so.
    var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    components?.scheme = url.scheme?.lowercased()
    var request = URLRequest(url: components?.url ?? url)
    let offset = writer.written
    if let resuming {
      request.setValue("bytes=\(offset)-", forHTTPHeaderField: "Range")
      if let validator = resuming.validator { request.setValue(validator, forHTTPHeaderField: "If-Range") }
    }
    let task = session.dataTask(with: request)
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
    var receivedBody = false
    do {
      for try await event in events {
        switch event {
        case .response(let response):
          try accept(response, resuming: resuming, from: offset, learning: &resumption, writer: writer)
        case .data(let data):
          receivedBody = true
          if let expected = writer.expectedLength, data.count > expected - writer.written {
            throw StreamTransfer.Failure.failed(
              "\(url.absoluteString) sent more than the \(expected) bytes it announced")
          }
          try await writer.write(data)
          backlog.remove(data.count)
        case .refusedRedirect(let reason):
          task.cancel()
          throw StreamTransfer.Failure.failed(reason)
        }
      }
      if Task.isCancelled { throw StreamTransfer.Failure.cancelled }
      if let expected = writer.expectedLength, writer.written != expected {
        return Cut(
          reason: "received \(writer.written) of \(expected) bytes from \(url.absoluteString)", saysHowFar: true)
      }
      return nil
    } catch let failure as StreamTransfer.Failure {
      task.cancel()
      throw failure
    } catch is Stalled {
      task.cancel()
      return Cut(reason: stalledReason(writer), saysHowFar: true, isStall: true)
    } catch is FellBehind {
      return Cut(
        reason: "the download fell more than \(maximumBacklog) bytes behind \(url.absoluteString)", saysHowFar: false,
        isBacklog: true)
    } catch {
      task.cancel()
      if Task.isCancelled { throw .cancelled }
      if (error as? URLError)?.code == .timedOut {
        return Cut(reason: stalledReason(writer), saysHowFar: true, isStall: true)
      }
      if receivedBody {
        let total = writer.expectedLength.map { " of \($0)" } ?? ""
        return Cut(
          reason: "the connection closed after \(writer.written)\(total) bytes from \(url.absoluteString)",
          saysHowFar: true)
      }
      return Cut(reason: Self.describe(error, url: url), saysHowFar: false)
    }
  }

  /// Checks a response before its body is written: a resume must continue exactly where the file ends.
  private func accept(
    _ response: HTTPURLResponse, resuming: HTTPResumption?, from offset: Int,
    learning resumption: inout HTTPResumption?, writer: ChunkWriter
  ) throws(StreamTransfer.Failure) {
    let status = response.statusCode
    if let resuming, status == 206 {
      let value = response.header("Content-Range") ?? "nothing"
      let expected = resuming.totalLength ?? writer.expectedLength
      guard let range = ContentRange(value), range.first == offset, let total = range.total,
        expected == nil || total == expected
      else {
        let whole = expected.map { " of \($0)" } ?? ""
        throw .failed(
          "\(url.absoluteString) answered a resume from byte \(offset)\(whole) with Content-Range \(value), "
            + "which does not continue the download")
      }
      writer.expectedLength = total
      return
    }
    if resuming != nil, status == 416 {
      let whole = writer.expectedLength.map { " of \($0)" } ?? ""
      throw .failed(
        "\(url.absoluteString) cannot resume from byte \(offset)\(whole): HTTP 416 (range not satisfiable)")
    }
    guard (200..<300).contains(status) else {
      let description = HTTPURLResponse.localizedString(forStatusCode: status)
      throw .failed("HTTP \(status) (\(description)) from \(url.absoluteString)")
    }
    // The whole body again (the resource changed, or the server ignores ranges): what was kept is discarded.
    if resuming != nil { try writer.restart() }
    writer.expectedLength = response.expectedContentLength > 0 ? Int(response.expectedContentLength) : nil
    if let expected = writer.expectedLength, expected > writer.maximumBytes {
      throw .failed(
        "\(url.absoluteString) announces \(expected) bytes, more than the maximum download size of "
          + "\(writer.maximumBytes) bytes")
    }
    resumption = HTTPResumption(response)
  }

  /// Why a redirect from `source` to `target` is refused, in one line, or nil when it may be followed: only to
  /// `http` or `https`, and never from `https` down to `http`.
  static func redirectRefusal(from source: URL?, to target: URL?) -> String? {
    let from = source?.absoluteString ?? "the stream"
    let to = target?.absoluteString ?? "an invalid URL"
    let scheme = target?.scheme?.lowercased()
    guard scheme == "http" || scheme == "https" else {
      return "\(from) redirects to \(to), which is not an http or https URL"
    }
    if source?.scheme?.lowercased() == "https", scheme == "http" {
      return "\(from) redirects to \(to), from https to http: refused"
    }
    return nil
  }

  private final class Delegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // Only touched from the session's serial delegate queue.
    private let continuation: AsyncThrowingStream<Event, any Error>.Continuation
    private let backlog: Backlog
    private let maximumBacklog: Int
    private let didFallBehind: (@Sendable () -> Void)?
    private let lastActivity: LastActivity

    init(
      continuation: AsyncThrowingStream<Event, any Error>.Continuation, lastActivity: LastActivity,
      backlog: Backlog, maximumBacklog: Int, didFallBehind: (@Sendable () -> Void)?
    ) {
      self.continuation = continuation
      self.lastActivity = lastActivity
      self.backlog = backlog
      self.maximumBacklog = maximumBacklog
      self.didFallBehind = didFallBehind
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
      // The URL that answered with this redirect: after an http hop, a later https one may not go back down.
      let source = response.url ?? task.currentRequest?.url ?? task.originalRequest?.url
      if let reason = HTTPTransfer.redirectRefusal(from: source, to: request.url) {
        continuation.yield(.refusedRedirect(reason))
        completionHandler(nil)
        return
      }
      completionHandler(request)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
      lastActivity.touch()
      guard backlog.add(data.count, limit: maximumBacklog) else {
        // What is queued is still written; the rest is asked for again from there.
        dataTask.cancel()
        continuation.finish(throwing: FellBehind())
        didFallBehind?()
        return
      }
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
