import Domain
import Foundation

/// An artist shown in a basic cell: the name, the audience ("1.2M listeners") and the picture.
public struct ArtistPresentation: BasicCellItem {
  /// The artist shown.
  public let artist: Artist
  /// How numbers are written.
  public let formatting: PresentationFormatting

  /// Presents an artist.
  public init(artist: Artist, formatting: PresentationFormatting = .current) {
    self.artist = artist
    self.formatting = formatting
  }

  /// The artist's name.
  public var title: String { artist.name }

  /// The number of listeners, compact: "999 listeners", "842.5K listeners", "1.2M listeners".
  public var detail: String {
    CompactCountText.string(artist.listeners, noun: "listener", locale: formatting.locale)
  }

  /// The artist's picture.
  public var imageURL: URL? { artist.imageURL }
}

/// A track shown in a basic cell (a search result, say): the title and "3:45 · 12 Mar 2019".
public struct TrackPresentation: BasicCellItem {
  /// The track shown.
  public let track: Track
  /// The release date, already formatted.
  public let releaseDate: String

  /// Presents a track.
  public init(track: Track, formatting: PresentationFormatting = .current) {
    var dates = ReleaseDateText(formatting: formatting)
    self.track = track
    releaseDate = dates.string(from: track.releaseDate)
  }

  /// The title, marked "(Explicit)" when its lyrics are.
  public var title: String { track.containsExplicitLyrics ? "\(track.title) (Explicit)" : track.title }

  /// The length and the release date.
  public var detail: String { "\(DurationText.string(from: track.duration)) · \(releaseDate)" }

  /// Tracks have no picture of their own.
  public var imageURL: URL? { nil }
}

/// Compact counts: "999", "842.5K", "1.2M", with the locale's decimal separator.
public enum CompactCountText {
  /// The count, compact, followed by the noun (pluralised unless the count is one).
  public static func string(_ count: Int, noun: String, locale: Locale) -> String {
    let separator = locale.decimalSeparator ?? "."
    let magnitude = count.magnitude
    func scaled(_ divisor: UInt, _ suffix: String) -> String {
      // Tenths, rounded half up, computed without overflow for any Int.
      let tenths = magnitude / divisor * 10 + (magnitude % divisor * 10 + divisor / 2) / divisor
      let text = tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10)\(separator)\(tenths % 10)"
      return (count < 0 ? "-" : "") + text + suffix
    }
    let number: String
    switch magnitude {
    case ..<1_000: number = "\(count)"
    case ..<999_950: number = scaled(1_000, "K")
    case ..<999_950_000: number = scaled(1_000_000, "M")
    default: number = scaled(1_000_000_000, "B")
    }
    return "\(number) \(count == 1 ? noun : noun + "s")"
  }
}
