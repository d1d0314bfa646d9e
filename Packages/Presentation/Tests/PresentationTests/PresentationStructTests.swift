import Domain
import Foundation
import Presentation
import ServicesTestSupport
import Testing

@Suite struct PresentationStructTests {
  @Test func aPlaylistSummarisesItsTracksAndLength() {
    let tracks = (0..<24).map { Track.fixture(id: Track.ID("t\($0)"), duration: 230) }
    let playlist = Playlist.fixture(name: "Road Trip", tracks: tracks)
    let presentation = PlaylistPresentation(playlist: playlist)
    #expect(presentation.title == "Road Trip")
    #expect(presentation.subtitle == "24 tracks · 1 hr 32 min")
    #expect(presentation.poster == playlist.artworkURL)
    let single = PlaylistPresentation(playlist: .fixture(tracks: [.fixture(duration: 20)]))
    #expect(single.subtitle == "1 track · < 1 min")
  }

  @Test func anAlbumLikeGroupingIsAPosterToo() {
    let tracks = [
      Track.fixture(id: "1", duration: 1500, releaseDate: day(2019, 3, 12)),
      Track.fixture(id: "2", duration: 1380, releaseDate: day(2019, 3, 12)),
    ]
    let album = AlbumPresentation(
      name: "Morning Glory", tracks: tracks, artworkURL: URL(string: "https://example.com/a.jpg")!,
      formatting: .englishUTC)
    let cell = PlaylistCellModel(id: "album", album)
    #expect(cell.title == "Morning Glory")
    #expect(cell.subtitle == "2 tracks · 48 min · 2019")
  }

  @Test func anArtistAndATrackAreBothBasicCellItems() {
    let artist = ArtistPresentation(
      artist: .fixture(name: "Oasis", imageURL: URL(string: "https://example.com/o.jpg"), listeners: 1_284_000),
      formatting: .englishUTC)
    #expect(RelatedArtistCellModel(id: "oasis", artist).detail == "1.3M listeners")
    #expect(artist.imageURL?.absoluteString == "https://example.com/o.jpg")
    let track = TrackPresentation(
      track: .fixture(title: "Wonderwall", duration: 258, releaseDate: day(1995, 10, 30), containsExplicitLyrics: true),
      formatting: .englishUTC)
    let cell = RelatedArtistCellModel(id: "wonderwall", track)
    #expect(cell.title == "Wonderwall (Explicit)")
    #expect(cell.detail == "4:18 · 30 Oct 1995")
    #expect(cell.imageURL == nil)
  }

  static let compactCounts: [(Int, String)] = [
    (0, "0 listeners"), (1, "1 listener"), (999, "999 listeners"), (1_000, "1K listeners"),
    (842_500, "842.5K listeners"), (999_949, "999.9K listeners"), (999_950, "1M listeners"),
    (3_450_000, "3.5M listeners"), (2_000_000_000, "2B listeners"),
  ]

  @Test(arguments: compactCounts)
  func countsAreCompact(count: Int, text: String) {
    #expect(CompactCountText.string(count, noun: "listener", locale: Locale(identifier: "en_US_POSIX")) == text)
  }

  @Test func extremeValuesFormatWithoutTrapping() {
    #expect(DurationText.string(from: 1e20) == "1000000:00:00")
    #expect(TotalDurationText.string(from: 1e300) == "1000000 hr")
    let locale = Locale(identifier: "en_US_POSIX")
    #expect(CompactCountText.string(-1_500, noun: "listener", locale: locale) == "-1.5K listeners")
    #expect(CompactCountText.string(Int.max, noun: "listener", locale: locale) == "9223372036.9B listeners")
    #expect(CompactCountText.string(Int.min, noun: "listener", locale: locale) == "-9223372036.9B listeners")
  }

  @Test func compactCountsUseTheLocalesDecimalSeparator() {
    #expect(
      CompactCountText.string(842_500, noun: "listener", locale: Locale(identifier: "fr_FR")) == "842,5K listeners")
  }

  static let totalDurations: [(Double, String)] = [
    (0, "0 min"), (20, "< 1 min"), (2_700, "45 min"), (3_600, "1 hr"), (5_520, "1 hr 32 min"), (.infinity, "0 min"),
  ]

  @Test(arguments: totalDurations)
  func totalDurationsReadAsPeopleSayThem(duration: Double, text: String) {
    #expect(TotalDurationText.string(from: duration) == text)
  }

  @Test func releaseDatesFollowTheInjectedLocaleAndTimeZone() {
    let date = day(2019, 3, 12)
    var english = ReleaseDateText(formatting: .englishUTC)
    #expect(english.string(from: date) == "12 Mar 2019")
    var french = ReleaseDateText(
      formatting: PresentationFormatting(locale: Locale(identifier: "fr_FR"), timeZone: TimeZone(identifier: "UTC")!))
    #expect(french.string(from: date).hasPrefix("12 mars"))
    // Midnight UTC is still the evening before in New York.
    var newYork = ReleaseDateText(
      formatting: PresentationFormatting(
        locale: Locale(identifier: "en_US_POSIX"), timeZone: TimeZone(identifier: "America/New_York")!))
    #expect(newYork.string(from: date) == "11 Mar 2019")
  }

  /// The day worked out by arithmetic is the calendar's: every instant, in any zone, across daylight saving
  /// changes both ways, and around the Julian calendar's end, reads as the calendar says.
  @Test(arguments: ["UTC", "America/New_York", "Australia/Lord_Howe", "Pacific/Kiritimati", "Asia/Kolkata"])
  func everyInstantReadsAsTheCalendarSaysWhateverDayWasFormattedBefore(zone: String) throws {
    let formatting = PresentationFormatting(
      locale: Locale(identifier: "en_US_POSIX"), timeZone: try #require(TimeZone(identifier: zone)))
    var remembering = ReleaseDateText(formatting: formatting)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = formatting.calendar.timeZone
    let months = formatting.calendar.shortMonthSymbols
    // Every 47 minutes for a year and a half (DST changes both ways), then the same instants again from cache.
    let start = day(2019, 1, 1).timeIntervalSince1970
    let instants = stride(from: start, to: start + 86_400 * 550, by: 47 * 60).map { Date(timeIntervalSince1970: $0) }
    // And one instant about a month apart from year 1 to 9999, which crosses 15 October 1582 and every
    // leap-year rule.
    let first = -62_135_596_800.0
    let sparse = stride(from: first, to: 253_402_300_800, by: 86_400 * 29 + 3_607).map {
      Date(timeIntervalSince1970: $0)
    }
    for date in instants + sparse {
      let parts = calendar.dateComponents([.year, .month, .day], from: date)
      let expected = "\(parts.day!) \(months[parts.month! - 1]) \(parts.year!)"
      #expect(remembering.string(from: date) == expected, "\(date) in \(zone)")
    }
  }
}
