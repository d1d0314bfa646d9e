import Foundation
import Services

/// What a poster cell shows where its artwork goes: a value a renderer draws and a `cell` command prints.
public enum PosterArtworkState: Hashable, Sendable {
  /// The poster has no artwork URL: the placeholder, for good.
  case placeholder
  /// The artwork at the URL was asked for and has not arrived: the placeholder meanwhile.
  case loading(URL)
  /// The artwork at the URL arrived and is shown.
  case shown(URL, Artwork)
  /// The artwork at the URL could not be loaded: the placeholder, and why in one line.
  case failed(URL, reason: String)

  /// The URL the state is about; nil for ``placeholder``.
  public var url: URL? {
    switch self {
    case .placeholder: nil
    case .loading(let url), .shown(let url, _), .failed(let url, _): url
    }
  }

  /// The artwork shown; nil unless the state is ``shown(_:_:)``.
  public var artwork: Artwork? {
    if case .shown(_, let artwork) = self { artwork } else { nil }
  }
}
