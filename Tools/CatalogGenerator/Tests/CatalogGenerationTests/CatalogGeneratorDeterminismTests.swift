import CatalogGeneration
import Domain
import ServicesLive
import Testing

@Suite struct CatalogGeneratorDeterminismTests {
  @Test func theSameSeedGivesAnIdenticalCatalog() async throws {
    let first = try generatedCatalog(smallConfiguration)
    let second = try generatedCatalog(smallConfiguration)

    let firstArtists = try await LiveMusicAPI(database: first).allArtists()
    #expect(try await LiveMusicAPI(database: second).allArtists() == firstArtists)
    #expect(try await allTracks(in: first) == allTracks(in: second))
    for artist in firstArtists {
      #expect(
        try await LivePlaylistAPI(database: first).playlists(featuring: artist.id)
          == LivePlaylistAPI(database: second).playlists(featuring: artist.id))
      #expect(
        try await LiveMusicAPI(database: first).relatedArtists(of: artist.id)
          == LiveMusicAPI(database: second).relatedArtists(of: artist.id))
    }
  }

  @Test func differentSeedsGiveDifferentCatalogs() async throws {
    var otherSeed = smallConfiguration
    otherSeed.seed += 1
    let first = try generatedCatalog(smallConfiguration)
    let second = try generatedCatalog(otherSeed)

    let firstTracks = try await allTracks(in: first)
    let secondTracks = try await allTracks(in: second)
    #expect(firstTracks.count == secondTracks.count)
    #expect(firstTracks.map(\.title) != secondTracks.map(\.title))
    #expect(firstTracks.map(\.duration) != secondTracks.map(\.duration))
    #expect(
      try await LiveMusicAPI(database: first).allArtists().map(\.name)
        != LiveMusicAPI(database: second).allArtists().map(\.name))
  }

  @Test func anArtistsTracksDoNotDependOnHowManyOtherArtistsThereAre() {
    var larger = smallConfiguration
    larger.artistCount = 50
    let small = CatalogGenerator(configuration: smallConfiguration)
    let large = CatalogGenerator(configuration: larger)

    #expect(small.artist(at: 2) == large.artist(at: 2))
    #expect(
      (1...20).map { small.track(number: $0, ofArtistAt: 2) } == (1...20).map { large.track(number: $0, ofArtistAt: 2) }
    )
  }

  @Test func theSeedAndConfigurationAreRecordedInTheMetadata() throws {
    let database = try generatedCatalog(smallConfiguration)

    #expect(try database.metadata(forKey: CatalogGenerator.seedMetadataKey) == "7")
    #expect(
      try database.metadata(forKey: CatalogGenerator.configurationMetadataKey)
        == #"{"artistCount":5,"largeArtistTrackCount":300,"playlistCount":12,"seed":7,"tracksPerArtist":20}"#)
    #expect(try database.metadata(forKey: CatalogGenerator.versionMetadataKey) == CatalogGenerator.version)
  }
}
