import Foundation
import Services

/// Why a request to the server failed, before it is told as one of the services' typed errors.
enum RemoteFailure: Error, Equatable {
  /// The calling task was cancelled.
  case cancelled
  /// The server answered with an error status; `reason` is one line.
  case status(Int, reason: String)
  /// The server could not be reached: refused, not found, timed out, or cut off before answering; `reason` is
  /// one line naming the server.
  case unreachable(reason: String)
  /// The request never got a usable answer (not HTTP, not JSON, malformed); `reason` is one line.
  case failed(reason: String)

  /// The one-line reason, for errors that carry one.
  var reason: String {
    switch self {
    case .cancelled: "the request was cancelled"
    case .status(_, let reason), .unreachable(let reason), .failed(let reason): reason
    }
  }

  /// The failure as a ``MusicAPIError``, with 404 told as `notFound` when the caller gives one.
  func musicAPIError(notFound: MusicAPIError? = nil) -> MusicAPIError {
    switch self {
    case .cancelled: .cancelled
    case .status(404, _) where notFound != nil: notFound ?? .unavailable(reason: reason)
    case .unreachable(let reason): .unreachable(reason: reason)
    case .status, .failed: .unavailable(reason: reason)
    }
  }

  /// The failure as a ``PlaylistAPIError``, with 404 told as `notFound` when the caller gives one.
  func playlistAPIError(notFound: PlaylistAPIError? = nil) -> PlaylistAPIError {
    switch self {
    case .cancelled: .cancelled
    case .status(404, _) where notFound != nil: notFound ?? .unavailable(reason: reason)
    case .unreachable(let reason): .unreachable(reason: reason)
    case .status, .failed: .unavailable(reason: reason)
    }
  }

  /// The failure as a ``FavouritesError``: a status is a rejection that keeps its code.
  var favouritesError: FavouritesError {
    switch self {
    case .cancelled: .cancelled
    case .status(let status, let reason): .rejected(status: status, reason: reason)
    case .unreachable(let reason): .unreachable(reason: reason)
    case .failed(let reason): .invalidAnswer(reason: reason)
    }
  }
}

extension String {
  /// The text on one line: every run of line breaks and other control characters becomes one space.
  var oneLine: String {
    var result = ""
    var pendingSpace = false
    for scalar in unicodeScalars {
      if scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}" {
        pendingSpace = true
        continue
      }
      if pendingSpace, !result.isEmpty { result.unicodeScalars.append(" ") }
      pendingSpace = false
      result.unicodeScalars.append(scalar)
    }
    return result
  }
}

extension Duration {
  /// The duration in seconds as people write it: `5 s`, `0.2 s`.
  var secondsText: String {
    let seconds = Double(components.seconds) + Double(components.attoseconds) / 1e18
    if seconds.rounded() == seconds { return "\(Int(seconds)) s" }
    return "\((seconds * 1000).rounded() / 1000) s"
  }
}
