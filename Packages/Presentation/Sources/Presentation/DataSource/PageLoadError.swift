import Foundation
import HumbleSupport
import Services

/// Why a page's tracks, playlists or related artists could not be loaded.
///
/// ``ArtistTableDataSource/State/failed(_:)`` keeps it, so a screen can switch on the cause (retry when the
/// catalog timed out, say) and show ``description``, the one line for people.
public enum PageLoadError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The music catalog failed; its own error says why.
  case music(MusicAPIError)
  /// The playlists failed; their own error says why.
  case playlists(PlaylistAPIError)
  /// ``ArtistTableDataSource/reloadTimeout`` passed without an answer.
  case timedOut(after: Duration)
  /// A source that is neither API failed with an error of its own; `reason` is that error's words.
  case source(reason: String)

  /// A source's failure as a case: the APIs' errors as they are, anything else by its words.
  init(_ error: any Error) {
    switch error {
    case let error as PageLoadError: self = error
    case let error as MusicAPIError: self = .music(error)
    case let error as PlaylistAPIError: self = .playlists(error)
    default: self = .source(reason: String(describing: error))
    }
  }

  /// A one-line explanation for people: an API's error as the API words it, a reason that spans lines on one.
  public var description: String {
    let text =
      switch self {
      case .music(let error): error.description
      case .playlists(let error): error.description
      case .timedOut(let timeout):
        "The music catalog did not answer: timed out after \(String(format: "%g", timeout / .seconds(1))) s."
      case .source(let reason): reason
      }
    return text.oneLine
  }
}
