import Domain
import Foundation

/// A playlist shown in a poster cell: its name and "24 tracks · 1 hr 32 min".
public struct PlaylistPresentation: PosterPresentable {
  /// The playlist shown.
  public let playlist: Playlist

  /// Presents a playlist.
  public init(playlist: Playlist) {
    self.playlist = playlist
  }

  /// The playlist's name.
  public var title: String { playlist.name }

  /// The number of tracks and the total listening time.
  public var subtitle: String {
    "\(CountText.string(playlist.tracks.count, "track")) · \(TotalDurationText.string(from: playlist.totalDuration))"
  }

  /// The playlist's artwork.
  public var poster: URL { playlist.artworkURL }
}

/// An album-like grouping of tracks (a ``Release``: the tracks of one artist released in one year) shown in a
/// poster cell: its name and "12 tracks · 48 min · 2019".
public struct AlbumPresentation: PosterPresentable {
  /// The grouping's name.
  public let name: String
  /// Its tracks.
  public let tracks: [Track]
  /// Its artwork.
  public let artworkURL: URL
  /// The calendar the year is taken in.
  public let formatting: PresentationFormatting

  /// Presents a grouping of tracks.
  public init(name: String, tracks: [Track], artworkURL: URL, formatting: PresentationFormatting = .current) {
    self.name = name
    self.tracks = tracks
    self.artworkURL = artworkURL
    self.formatting = formatting
  }

  /// The grouping's name.
  public var title: String { name }

  /// The number of tracks, the total listening time and the year of the earliest release.
  public var subtitle: String { Self.subtitle(of: tracks, formatting: formatting) }

  /// The subtitle of a grouping of `tracks`, whatever its artwork: "12 tracks · 48 min · 2019", the year that of
  /// the earliest release in `formatting`'s calendar (none for no tracks).
  public static func subtitle(of tracks: [Track], formatting: PresentationFormatting) -> String {
    let total = tracks.reduce(0) { $0 + $1.duration }
    var parts = [CountText.string(tracks.count, "track"), TotalDurationText.string(from: total)]
    if let first = tracks.map(\.releaseDate).min() {
      parts.append("\(formatting.calendar.component(.year, from: first))")
    }
    return parts.joined(separator: " · ")
  }

  /// The artwork.
  public var poster: URL { artworkURL }
}
