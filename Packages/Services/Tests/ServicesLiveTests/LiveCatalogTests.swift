import Domain
import Foundation
import HumbleSupportTesting
import Services
import ServicesLive
import Testing

@Suite struct LiveCatalogTests {
  let directory: TemporaryDirectory
  let services: LiveServices

  init() throws {
    directory = try TemporaryDirectory()
    services = try openServices(in: directory, demo: true)
  }

  @Test func theDemoCatalogHasEnoughOfEverythingToExplore() async throws {
    let artists = try await services.musicAPI.allArtists()
    #expect(artists.count >= 8)
    var tracks: [Track] = []
    for artist in artists { tracks += try await services.musicAPI.tracks(ofArtist: artist.id) }
    #expect(tracks.count >= 150)
    #expect(try services.database.trackCount() == tracks.count)
    #expect(tracks.contains { $0.containsExplicitLyrics })
    #expect(tracks.contains { $0.duration < 60 })
    #expect(tracks.contains { $0.duration > 3600 })
    #expect(Set(tracks.map(\.releaseDate)).count > 20)
    #expect(Set(tracks.map(\.id)).count == tracks.count)
    for artist in artists {
      #expect(try await !services.musicAPI.relatedArtists(of: artist.id).isEmpty)
    }
    #expect(try await !services.playlistAPI.playlists(featuring: artists[0].id).isEmpty)
  }

  @Test func theDemoCatalogsStreamsAreRealFilesThatComeBackWhenDeleted() async throws {
    let tracks = try await services.musicAPI.tracks(ofArtist: "neon-harbour")
    let stream = try #require(tracks.first?.streamURL)
    #expect(stream.isFileURL)
    let bytes = try Data(contentsOf: stream)
    #expect(bytes.prefix(4) == Data("RIFF".utf8))
    try FileManager.default.removeItem(at: stream)
    _ = try openServices(in: directory, demo: true)
    #expect(try Data(contentsOf: stream) == bytes)
  }

  @Test func reopeningDoesNotImportTheDemoCatalogAgain() async throws {
    let count = try services.database.trackCount()
    let reopened = try openServices(in: directory, demo: true)
    #expect(try reopened.database.trackCount() == count)
  }

  @Test func tracksComeInCatalogOrderWithEveryProperty() async throws {
    let tracks = try await services.musicAPI.tracks(ofArtist: "the-quiet-foxes")
    #expect(tracks.count == 16)
    #expect(tracks.prefix(3).map(\.title) == ["Track 1", "Track 2", "Track 3"])
    #expect(tracks.allSatisfy { $0.artistID == "the-quiet-foxes" })
    let explicit = try await services.musicAPI.tracks(ofArtist: "dj-parallax").filter(\.containsExplicitLyrics)
    #expect(explicit.map(\.title).contains("No Filter"))
  }

  @Test func artistSearchIgnoresCaseAndDiacriticsAndTreatsWildcardsLiterally() async throws {
    #expect(try await services.musicAPI.artists(matching: "relampagos").map(\.name) == ["Los Relámpagos"])
    #expect(try await services.musicAPI.artists(matching: "HÉLÈNE").map(\.id) == ["helene-hourglass"])
    #expect(try await services.musicAPI.artists(matching: "%").isEmpty)
    #expect(try await services.musicAPI.artists(matching: "").count == services.musicAPI.allArtists().count)
  }

  @Test func anUnknownArtistIsNotFoundEverywhere() async throws {
    await #expect(throws: MusicAPIError.artistNotFound("nobody")) {
      try await services.musicAPI.artist(withID: "nobody")
    }
    await #expect(throws: MusicAPIError.artistNotFound("nobody")) {
      try await services.musicAPI.tracks(ofArtist: "nobody")
    }
    await #expect(throws: MusicAPIError.artistNotFound("nobody")) {
      try await services.musicAPI.relatedArtists(of: "nobody")
    }
  }

  @Test func playlistsFeaturingAnArtistComeWithAllTheirTracksInOrder() async throws {
    let playlists = try await services.playlistAPI.playlists(featuring: "helene-hourglass")
    #expect(playlists.map(\.name) == ["Deep Focus", "Études & Interludes", "Sunday Morning"])
    let etudes = try #require(playlists.first { $0.id == "etudes-interludes" })
    #expect(etudes.tracks.prefix(3).map(\.title) == ["Étude No. 1", "Étude No. 2", "Étude No. 10"])
    #expect(etudes.tracks.contains { $0.artistID != "helene-hourglass" })
  }

  @Test func relatedArtistsComeMostRelatedFirst() async throws {
    let related = try await services.musicAPI.relatedArtists(of: "neon-harbour")
    #expect(related.map(\.id) == ["kyoto-drift", "aurora-vale", "dj-parallax"])
  }

  @Test func anInMemoryCatalogWorksWithoutTouchingTheUsersFiles() async throws {
    let location = StorageLocation.inMemory()
    var memory: LiveServices? = try LiveServices.open(location)
    #expect(memory?.database.path == ":memory:")
    #expect(try await memory?.musicAPI.allArtists().count ?? 0 >= 8)
    #expect(location.filesDirectory.path.hasPrefix(FileManager.default.temporaryDirectory.path))
    #expect(FileManager.default.fileExists(atPath: location.streamsDirectory.path))
    memory = nil
    #expect(!FileManager.default.fileExists(atPath: location.filesDirectory.path))
  }
}
