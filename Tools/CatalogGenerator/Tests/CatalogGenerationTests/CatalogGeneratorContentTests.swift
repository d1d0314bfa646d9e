import CatalogGeneration
import Domain
import Foundation
import Services
import ServicesLive
import Testing

@Suite struct CatalogGeneratorContentTests {
  @Test func aSmallConfigurationHasTheConfiguredCounts() async throws {
    let database = try generatedCatalog(smallConfiguration)
    let musicAPI = LiveMusicAPI(database: database)

    let artists = try await musicAPI.allArtists()
    #expect(artists.count == 6)
    #expect(try database.trackCount() == 5 * 20 + 300)
    for artist in artists where artist.id != CatalogGenerator.largeArtistID {
      #expect(try await musicAPI.tracks(ofArtist: artist.id).count == 20)
    }
    #expect(try await musicAPI.tracks(ofArtist: CatalogGenerator.largeArtistID).count == 300)
    var playlistIDs = Set<Playlist.ID>()
    for artist in artists {
      playlistIDs.formUnion(try await LivePlaylistAPI(database: database).playlists(featuring: artist.id).map(\.id))
    }
    #expect(playlistIDs.count == 12)
  }

  @Test func withoutLargeArtistTracksThereIsNoLargeArtist() async throws {
    var configuration = smallConfiguration
    configuration.largeArtistTrackCount = 0
    let database = try generatedCatalog(configuration)

    #expect(try await LiveMusicAPI(database: database).allArtists().count == 5)
    await #expect(throws: MusicAPIError.artistNotFound(CatalogGenerator.largeArtistID)) {
      try await LiveMusicAPI(database: database).tracks(ofArtist: CatalogGenerator.largeArtistID)
    }
  }

  @Test func negativeCountsCountAsZero() async throws {
    var configuration = CatalogGenerator.Configuration(artistCount: -3, tracksPerArtist: 5, largeArtistTrackCount: 2)
    #expect(configuration.artistCount == 0)
    configuration.largeArtistTrackCount = -1
    #expect(configuration.largeArtistTrackCount == 0)

    let database = try generatedCatalog(configuration)
    #expect(try database.trackCount() == 0)
    #expect(try database.isCatalogEmpty())
  }

  @Test func tracksKeepTheirNumberOrderAndStreamFromTheExampleHost() async throws {
    let database = try generatedCatalog(smallConfiguration)
    let tracks = try await LiveMusicAPI(database: database).tracks(ofArtist: "artist-0003")

    #expect(tracks.first?.id == "artist-0003-000001")
    #expect(tracks.last?.id == "artist-0003-000020")
    #expect(tracks.map(\.id) == tracks.map(\.id).sorted())
    #expect(tracks.allSatisfy { $0.streamURL.absoluteString == "https://streams.example.com/\($0.id).mp3" })
    #expect(tracks.allSatisfy { $0.artistID == "artist-0003" })
  }

  @Test func durationsRangeFromUnderAMinuteToOverAnHour() async throws {
    let generator = CatalogGenerator(
      configuration: .init(artistCount: 20, tracksPerArtist: 100, largeArtistTrackCount: 0))
    let durations = (0..<20).flatMap { artist in
      (1...100).map { generator.track(number: $0, ofArtistAt: artist).duration }
    }

    #expect(durations.contains { $0 < 60 })
    #expect(durations.contains { $0 > 3_600 })
    let typical = durations.filter { (150...420).contains($0) }
    #expect(typical.count > durations.count * 3 / 4)
  }

  @Test func aboutOneTrackInTwentyIsExplicit() async throws {
    let tracks = try await allTracks(in: generatedCatalog(smallConfiguration))

    let explicitCount = tracks.filter(\.containsExplicitLyrics).count
    #expect((5...40).contains(explicitCount), "\(explicitCount) explicit tracks of \(tracks.count)")
  }

  @Test func titlesIncludeNumbersAndNonASCIIText() async throws {
    let titles = try await allTracks(in: generatedCatalog(smallConfiguration)).map(\.title)

    #expect(titles.contains { $0.contains(where: \.isNumber) })
    #expect(titles.contains { !$0.unicodeScalars.allSatisfy(\.isASCII) })
    #expect(Set(titles).count > titles.count / 2)
  }

  @Test func releaseDatesFallBetween1960And2025() async throws {
    let tracks = try await allTracks(in: generatedCatalog(smallConfiguration))

    let earliest = Date(timeIntervalSince1970: -3_653 * 86_400)
    let latest = Date(timeIntervalSince1970: 20_454 * 86_400)
    #expect(tracks.allSatisfy { (earliest..<latest).contains($0.releaseDate) })
  }

  @Test func progressIsReportedUntilEveryTrackIsWritten() throws {
    let reports = Reports()
    let configuration = CatalogGenerator.Configuration(
      artistCount: 3, tracksPerArtist: 10_000, largeArtistTrackCount: 5)
    try CatalogGenerator(configuration: configuration).generate(into: CatalogDatabase.open(at: nil)) {
      reports.values.append($0)
    }

    #expect(reports.values.map(\.tracksWritten) == [10_000, 20_000, 30_000, 30_005])
    #expect(reports.values.last?.fractionCompleted == 1)
  }
}

/// Progress reports collected by a test.
private final class Reports {
  var values: [CatalogGenerator.Progress] = []
}
