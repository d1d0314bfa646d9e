import Domain
import Foundation

/// An artist's release: the album-like grouping of their tracks that came out in one calendar year.
///
/// The catalog has no albums: a track knows its artist and its release date, nothing more. A release is what
/// those say together, the tracks of one artist released in one year of the formatting's calendar, named for its
/// opening track (its earliest, the catalog's first on a tie), with the artist's picture as its artwork. The demo
/// catalog releases four tracks at a time, a year or two apart, each on a day of its own, so each release there
/// is one of these; ``AlbumPresentation`` shows one as a poster.
public struct Release: Identifiable, Hashable, Sendable {
  /// What names a release: its artist and its year.
  public struct ID: Hashable, Sendable, CustomStringConvertible {
    /// The artist who released it.
    public var artistID: Artist.ID
    /// The year it came out, in the calendar it was grouped in.
    public var year: Int

    /// The release of `artistID`'s tracks in `year`.
    public init(artistID: Artist.ID, year: Int) {
      self.artistID = artistID
      self.year = year
    }

    /// "neon-harbour/2012".
    public var description: String { "\(artistID.rawValue)/\(year)" }
  }

  /// The artist and the year.
  public var id: ID
  /// The title of its opening track.
  public var name: String
  /// Its tracks in release order, never none.
  ///
  /// By release date; tracks released together in the catalog's order.
  public var tracks: [Track]
  /// Its artwork: the artist's picture, when the catalog has one.
  public var artworkURL: URL?

  /// A release from its parts.
  public init(id: ID, name: String, tracks: [Track], artworkURL: URL?) {
    self.id = id
    self.name = name
    self.tracks = tracks
    self.artworkURL = artworkURL
  }

  /// The releases of the artist `artistID` that `tracks`, the artist's tracks (as the music API lists them), make
  /// (see the type's description), newest first, with `artworkURL` as their artwork.
  ///
  /// A year is taken in `formatting`'s calendar and time zone, as ``AlbumPresentation`` shows it. Every track
  /// given counts as the artist's: the page asked for the artist's tracks.
  public static func releases(
    of artistID: Artist.ID, tracks: [Track], artworkURL: URL? = nil, formatting: PresentationFormatting
  ) -> [Release] {
    var tracksByYear: [Int: [Track]] = [:]
    for track in tracks {
      tracksByYear[formatting.calendar.component(.year, from: track.releaseDate), default: []].append(track)
    }
    return tracksByYear.keys.sorted(by: >).map { year in
      // Sorted with their positions, so that tracks released together keep the catalog's order.
      let ordered = tracksByYear[year, default: []].enumerated()
        .sorted { ($0.element.releaseDate, $0.offset) < ($1.element.releaseDate, $1.offset) }
        .map(\.element)
      return Release(
        id: ID(artistID: artistID, year: year), name: ordered[0].title, tracks: ordered, artworkURL: artworkURL)
    }
  }
}
