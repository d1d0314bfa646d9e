import Domain
import Foundation
import ServicesLive

extension CatalogGenerator {
  /// The number of playlists written: ``Configuration/playlistCount``, or none when there is no track.
  public var playlistSlotCount: Int {
    configuration.totalTrackCount > 0 ? configuration.playlistCount : 0
  }

  /// The playlist at `index` (from 0), as it is written: 10 to 50 distinct tracks drawn uniformly from the
  /// whole catalog (fewer when the catalog is smaller).
  public func playlist(at index: Int) -> Playlist {
    var random = SeedDerivation.random(seed: configuration.seed, .playlist, index)
    let id = Playlist.ID("playlist-\(zeroPadded(index + 1, width: 4))")
    let name =
      "\(random.element(of: Vocabulary.adjectives)) \(random.element(of: Vocabulary.nouns)) "
      + random.element(of: Vocabulary.playlistThemes)
    let totalTrackCount = configuration.totalTrackCount
    let count = min(random.next(in: 10...50), totalTrackCount)
    var positions: [Int] = []
    while positions.count < count {
      let position = random.next(in: 0...totalTrackCount - 1)
      if !positions.contains(position) {
        positions.append(position)
      }
    }
    return Playlist(
      id: id,
      name: name,
      tracks: positions.map(track(atCatalogPosition:)),
      artworkURL: URL(string: "https://images.example.com/playlists/\(id.rawValue).jpg")!
    )
  }

  /// The track at `position` (from 0) in catalog order: ordinary artists' tracks first, then the large
  /// artist's.
  func track(atCatalogPosition position: Int) -> Track {
    let ordinaryTrackCount = configuration.artistCount * configuration.tracksPerArtist
    guard position < ordinaryTrackCount else {
      return track(number: position - ordinaryTrackCount + 1, ofArtistAt: configuration.artistCount)
    }
    return track(
      number: position % configuration.tracksPerArtist + 1, ofArtistAt: position / configuration.tracksPerArtist)
  }
}
