import Domain
import Foundation
import Services

extension Track {
  /// The release date `fixture` uses unless told otherwise: 1 June 2020, 00:00 UTC.
  public static let fixtureReleaseDate = Date(timeIntervalSince1970: 1_590_969_600)

  /// A track for tests: every property has a default, so a test states only what it is about.
  ///
  /// `streamURL` defaults to `https://streams.example.com/<id>.mp3`.
  public static func fixture(
    id: Track.ID = "track",
    title: String = "Track",
    duration: TimeInterval = 180,
    streamURL: URL? = nil,
    popularity: Int = 50,
    releaseDate: Date = Track.fixtureReleaseDate,
    containsExplicitLyrics: Bool = false,
    artistID: Artist.ID = "artist"
  ) -> Track {
    Track(
      id: id,
      title: title,
      duration: duration,
      streamURL: streamURL ?? fixtureURL(host: "streams.example.com", name: id.rawValue, extension: "mp3"),
      popularity: popularity,
      releaseDate: releaseDate,
      containsExplicitLyrics: containsExplicitLyrics,
      artistID: artistID
    )
  }
}

extension Artist {
  /// An artist for tests: every property has a default, so a test states only what it is about.
  public static func fixture(
    id: Artist.ID = "artist",
    name: String = "Artist",
    imageURL: URL? = nil,
    listeners: Int = 1_000
  ) -> Artist {
    Artist(id: id, name: name, imageURL: imageURL, listeners: listeners)
  }
}

extension Playlist {
  /// A playlist for tests: every property has a default, so a test states only what it is about.
  ///
  /// `artworkURL` defaults to `https://images.example.com/<id>.jpg`.
  public static func fixture(
    id: Playlist.ID = "playlist",
    name: String = "Playlist",
    tracks: [Track] = [],
    artworkURL: URL? = nil
  ) -> Playlist {
    Playlist(
      id: id,
      name: name,
      tracks: tracks,
      artworkURL: artworkURL ?? fixtureURL(host: "images.example.com", name: id.rawValue, extension: "jpg")
    )
  }
}

/// Identifiers made from display names: the name itself, with a numeric suffix for repeats, so that
/// `["Hello", "Hello"]` gives the distinct IDs "Hello" and "Hello-2".
func uniqueIdentifiers<Owner>(for names: [String]) -> [Identifier<Owner>] {
  var seen: [String: Int] = [:]
  return names.map { name in
    let count = seen[name, default: 0] + 1
    seen[name] = count
    return Identifier(count == 1 ? name : "\(name)-\(count)")
  }
}

private func fixtureURL(host: String, name: String, extension pathExtension: String) -> URL {
  var components = URLComponents()
  components.scheme = "https"
  components.host = host
  components.path = "/\(name).\(pathExtension)"
  return components.url ?? URL(string: "https://\(host)/fixture.\(pathExtension)")!
}

extension Artwork {
  /// Artwork for tests: `width` × `height` pixels (1 × 1 unless given), all of one opaque grey, `shade`, so that
  /// two artworks with different shades differ.
  public static func fixture(width: Int = 1, height: Int = 1, shade: UInt8 = 0) -> Artwork {
    let pixel: [UInt8] = [shade, shade, shade, 255]
    return Artwork(
      width: width, height: height, rgba: Array([[UInt8]](repeating: pixel, count: width * height).joined()))!
  }
}
