import Domain
import Foundation
import SeededRandomness

extension CatalogGenerator {
  /// The track with `number` (from 1) of the artist at `index`, as it is written.
  ///
  /// Its identifier is the artist's followed by the zero-padded number (`artist-0001-000001`) and its stream
  /// URL is `https://streams.example.com/<trackID>.mp3`.
  public func track(number: Int, ofArtistAt index: Int) -> Track {
    var random = SeedDerivation.random(seed: configuration.seed, .track, index, number)
    let artistID = artistID(at: index)
    let id = Track.ID("\(artistID.rawValue)-\(zeroPadded(number, width: 6))")
    let title = Self.trackTitle(using: &random)
    let duration = Self.duration(using: &random)
    let popularity = Self.popularity(using: &random)
    let releaseDay = random.next(in: careerStartDay(ofArtistAt: index)...Self.lastReleaseDay)
    let isExplicit = random.chance(percent: 5)
    return Track(
      id: id,
      title: title,
      duration: duration,
      streamURLString: "https://streams.example.com/\(id.rawValue).mp3",
      popularity: popularity,
      releaseDate: Date(timeIntervalSince1970: Double(releaseDay) * 86_400),
      containsExplicitLyrics: isExplicit,
      artistID: artistID
    )
  }

  /// 2025-12-31, in days since 1970: the latest release date.
  static let lastReleaseDay = 20_453
  /// 1960-01-01 and 2020-01-01, in days since 1970: when careers start.
  static let careerStartDays = -3_653...18_262

  /// The day the artist at `index` released their first track.
  func careerStartDay(ofArtistAt index: Int) -> Int {
    var random = SeedDerivation.random(seed: configuration.seed, .artist, index, 1)
    return random.next(in: Self.careerStartDays)
  }

  /// Mostly three to seven minutes; 3% are interludes under a minute, 6% long pieces, and 0.5% recordings of
  /// over an hour (live sets, ambient works).
  static func duration(using random: inout SeededRandom) -> TimeInterval {
    let seconds =
      switch random.next(in: 0...999) {
      case 0..<30: random.next(in: 12...59)
      case 30..<35: random.next(in: 3_601...5_400)
      case 35..<95: random.next(in: 420...1_500)
      default: random.next(in: 150...420)
      }
    return TimeInterval(seconds)
  }

  /// From 1 to 100, with most tracks little played and few hits.
  static func popularity(using random: inout SeededRandom) -> Int {
    let uniform = Double(random.next(in: 0...9_999)) / 10_000
    return 1 + Int(uniform * uniform * 100)
  }

  /// A title from the word lists, in one of several shapes.
  ///
  /// Some have numbers ("Part 3", "Harbour No. 12"), some start in lowercase, some have non-ASCII words.
  static func trackTitle(using random: inout SeededRandom) -> String {
    let adjective = random.element(of: Vocabulary.adjectives)
    let noun = random.element(of: Vocabulary.nouns)
    let title =
      switch random.next(in: 0...9) {
      case 0: "\(noun) No. \(random.next(in: 1...99))"
      case 1: "The \(noun) of \(random.element(of: Vocabulary.nouns))"
      case 2: "\(adjective.lowercased()) \(noun.lowercased())"
      case 3: "Part \(random.next(in: 1...12)): \(adjective) \(noun)"
      case 4: "\(random.next(in: 2...999)) \(adjective) \(noun)"
      case 5: "\(noun), \(random.element(of: Vocabulary.nouns)) & \(random.element(of: Vocabulary.nouns))"
      default: "\(adjective) \(noun)"
      }
    return random.chance(percent: 4) ? title + " (Live)" : title
  }
}
