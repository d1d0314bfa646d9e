import CatalogGeneration
import ServicesLive
import Testing

@Suite struct CatalogSummaryTests {
  @Test func listsEachArtistWithTheirTrackCountThenThePlaylistCount() async throws {
    let configuration = CatalogGenerator.Configuration(
      artistCount: 2, tracksPerArtist: 3, largeArtistTrackCount: 1, playlistCount: 4, seed: 3)
    let database = try generatedCatalog(configuration)
    let generator = CatalogGenerator(configuration: configuration)

    let lines = try await CatalogSummary.lines(
      musicAPI: LiveMusicAPI(database: database), playlistAPI: LivePlaylistAPI(database: database))

    let artistLines = [
      "  \(generator.artist(at: 0).name) (artist-0001): 3 tracks",
      "  \(generator.artist(at: 1).name) (artist-0002): 3 tracks",
      "  The Endless Archive (large-artist): 1 track",
    ]
    #expect(lines.first == "Artists: 3")
    #expect(lines.dropFirst().dropLast().sorted() == artistLines.sorted())
    #expect(lines.last == "Playlists: 4")
  }
}
