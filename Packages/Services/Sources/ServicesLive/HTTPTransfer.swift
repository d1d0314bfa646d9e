import Foundation
import Services

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One HTTP(S) download whose body is streamed, chunk by chunk, into a ``ChunkWriter``, resumed with `Range`
/// requests when the connection is cut.
///
/// Redirects are followed only to `http` and `https` URLs, and never from `https` to `http`: a server cannot send
/// the transfer to a local file or to another scheme, nor strip its encryption.
///
/// A body never grows past the `Content-Length` its response announced (or, when resuming, the total its
/// `Content-Range` announced), nor past the writer's maximum: a source that sends more, or never ends, fails.
///
/// A server that sends nothing for `stallTimeout` (neither a response nor a byte of the body) fails the
/// transfer as stalled.
///
/// Once a whole response has announced `Accept-Ranges: bytes`, a transfer that ends early (the connection
/// closed or reset, a body shorter than announced, a failed reconnection, or one stall) is resumed up to
/// `resumeAttempts` times: after a backoff it asks for `Range: bytes=N-` with `If-Range` and appends a
/// `206` that continues at byte N of the same total; a `200` means the resource is sent whole again (it
/// changed, or the server ignores ranges), so the file starts over. A server that does not announce ranges
/// fails on the first cut, as a restart could copy the whole body again and again.
struct HTTPTransfer: Sendable {
  let url: URL
  var stallTimeout: Duration = .seconds(30)
  /// How many `Range` requests may follow the first one.
  var resumeAttempts = 0
  /// The wait before the first resume; each later one waits twice as long as the one before.
  var resumeBackoff: Duration = .zero
  /// Called with the bytes kept so far when the transfer starts waiting to resume (a test's signal).
  var willWaitToResume: (@Sendable (Int) -> Void)?
  /// The most body bytes received and not yet written (default 8 MiB).
  ///
  /// A writer slower than its source (a
  /// throttled download, a slow disk, a starved task) falls behind; past this, the request is cut and, once what
  /// arrived is written, resumed from there without counting as an attempt. A server that does not announce
  /// ranges fails instead.
  var maximumBacklog = HTTPTransfer.defaultMaximumBacklog
  /// Called when a request is cut because the writer fell behind (a test's signal).
  var didFallBehind: (@Sendable () -> Void)?

  static let defaultMaximumBacklog = 8 << 20

  /// How a request ended early in a way another request may repair.
  struct Cut {
    var reason: String
    /// Whether the reason already says how many bytes arrived.
    var saysHowFar: Bool
    var isStall = false
    /// Cut here because the writer fell behind: everything that arrived was written, so a resume makes progress.
    var isBacklog = false
  }

  func run(into writer: ChunkWriter) async throws(StreamTransfer.Failure) {
    var resumption: HTTPResumption?
    var resumes = 0
    var hasResumedAfterStall = false
    var caughtUp = false
    var writtenAtLastCatchUp = -1
    while true {
      let resuming = resumes > 0 || caughtUp ? resumption : nil
      guard let cut = try await fetch(resuming: resuming, learning: &resumption, into: writer) else { return }
      if cut.isBacklog {
        guard resumption != nil else { throw .failed(cut.reason + ", which does not announce byte ranges") }
        // A source that sends the whole body again and again (it ignores ranges) would never get further.
        guard writer.written > writtenAtLastCatchUp else { throw .failed(cut.reason + " twice at the same byte") }
        writtenAtLastCatchUp = writer.written
        // Not an attempt: nothing failed, and the next request starts further on.
        caughtUp = true
        continue
      }
      // A server that stalled once and then stalls again is not coming back soon: waiting stallTimeout once
      // more per attempt would keep the user waiting minutes for a failure.
      guard resumption != nil, resumes < resumeAttempts, !(cut.isStall && hasResumedAfterStall) else {
        throw .failed(gaveUpReason(cut, resumes: resumes, writer: writer))
      }
      resumes += 1
      hasResumedAfterStall = hasResumedAfterStall || cut.isStall
      willWaitToResume?(writer.written)
      do {
        try await Task.sleep(for: resumeBackoff * (1 << min(resumes - 1, 16)))
      } catch {
        throw .cancelled
      }
      if Task.isCancelled { throw .cancelled }
    }
  }

  /// The one-line reason of a transfer that stopped resuming.
  private func gaveUpReason(_ cut: Cut, resumes: Int, writer: ChunkWriter) -> String {
    guard resumes > 0 else { return cut.reason }
    let attempts = resumes == 1 ? "1 resume" : "\(resumes) resumes"
    if cut.saysHowFar { return "\(cut.reason); gave up after \(attempts)" }
    let total = writer.expectedLength.map { " of \($0)" } ?? ""
    return "\(cut.reason); gave up after \(attempts) with \(writer.written)\(total) bytes"
  }

  /// Why a transfer that stalled failed, and how far it got.
  func stalledReason(_ writer: ChunkWriter) -> String {
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

  static func describe(_ error: any Error, url: URL) -> String {
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
}
