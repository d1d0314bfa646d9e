import Domain
import Foundation
import SeededRandomness

extension CatalogGenerator {
  /// The name of the large artist.
  public static let largeArtistName = "The Endless Archive"

  /// The number of artists, the large one included: ordinary artists come first, the large artist last.
  public var artistSlotCount: Int {
    configuration.artistCount + (configuration.largeArtistTrackCount > 0 ? 1 : 0)
  }

  /// The identifier of the artist at `index` (from 0): `artist-0001` for index 0; the large artist's is
  /// ``largeArtistID``.
  public func artistID(at index: Int) -> Artist.ID {
    index >= configuration.artistCount ? Self.largeArtistID : Artist.ID("artist-\(zeroPadded(index + 1, width: 4))")
  }

  /// The number of tracks of the artist at `index`.
  public func trackCount(ofArtistAt index: Int) -> Int {
    index >= configuration.artistCount ? configuration.largeArtistTrackCount : configuration.tracksPerArtist
  }

  /// The artist at `index` (from 0), as it is written.
  public func artist(at index: Int) -> Artist {
    var random = SeedDerivation.random(seed: configuration.seed, .artist, index)
    let id = artistID(at: index)
    let name = index >= configuration.artistCount ? Self.largeArtistName : Self.artistName(using: &random)
    // Listeners spread over five orders of magnitude, as real ones do.
    let listeners = Int(pow(10, Double(random.next(in: 2_000...7_000)) / 1_000))
    return Artist(
      id: id,
      name: name,
      imageURL: URL(string: "https://images.example.com/artists/\(id.rawValue).jpg"),
      listeners: listeners
    )
  }

  /// The indices of the artists related to the artist at `index`, most related first: three to eight
  /// artists other than itself, when there are others.
  func relatedArtistIndices(ofArtistAt index: Int) -> [Int] {
    guard artistSlotCount > 1 else { return [] }
    var random = SeedDerivation.random(seed: configuration.seed, .relatedArtists, index)
    let count = min(random.next(in: 3...8), artistSlotCount - 1)
    var related: [Int] = []
    while related.count < count {
      let candidate = random.next(in: 0...artistSlotCount - 1)
      if candidate != index && !related.contains(candidate) {
        related.append(candidate)
      }
    }
    return related
  }

  /// A made-up name of one or two words of syllables, sometimes "The …s" or "… & the …s".
  static func artistName(using random: inout SeededRandom) -> String {
    let first = word(using: &random)
    switch random.next(in: 0...9) {
    case 0: return "The \(first)s"
    case 1: return "\(first) & the \(word(using: &random))s"
    case 2...4: return first
    default: return "\(first) \(word(using: &random))"
    }
  }

  private static func word(using random: inout SeededRandom) -> String {
    let syllableCount = random.next(in: 2...3)
    let word = (0..<syllableCount).map { _ in random.element(of: Vocabulary.syllables) }.joined()
    return word.prefix(1).uppercased() + word.dropFirst()
  }
}

/// `value` in decimal, with leading zeros up to `width` digits.
func zeroPadded(_ value: Int, width: Int) -> String {
  let digits = String(value)
  return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}
