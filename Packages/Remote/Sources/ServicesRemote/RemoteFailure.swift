import Foundation
import HumbleSupport
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
