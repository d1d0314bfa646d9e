import ArtworkGeneration
import Domain
import Foundation
import HumbleSupportTesting
import Services
import Testing

@testable import ServicesLive

/// The embedded catalog names a cover for every artist and playlist, as a `file:` URL in its artwork folder, and
/// the loader writes each one on its first load: nothing before, one whole file after, the same bytes on every run.
@Suite(.timeLimit(.minutes(5))) struct EmbeddedArtworkTests {
  private let directory: TemporaryDirectory
  private let services: LiveServices

  init() throws {
    directory = try TemporaryDirectory()
    services = try LiveServices.open(
      .database(at: directory.url.appendingPathComponent("catalog.sqlite")),
      options: LiveServices.Options(artworkLoading: .memoryOnly))
  }

  private var artworkDirectory: URL { services.location.artworkDirectory }

  /// Every playlist of the catalog, from the playlists that feature each artist.
  private func allPlaylists() async throws -> [Playlist] {
    var playlists: [Playlist.ID: Playlist] = [:]
    for artist in try await services.musicAPI.allArtists() {
      for playlist in try await services.playlistAPI.playlists(featuring: artist.id) {
        playlists[playlist.id] = playlist
      }
    }
    return Array(playlists.values)
  }

  @Test func everyArtistAndPlaylistNamesAFileInTheArtworkFolderAndNothingIsWritten() async throws {
    let artists = try await services.musicAPI.allArtists()
    let playlists = try await allPlaylists()
    #expect(!artists.isEmpty && !playlists.isEmpty)
    #expect(artworkDirectory.path.hasSuffix("/catalog-files/artwork"))
    for artist in artists {
      let url = try #require(artist.imageURL)
      #expect(url.isFileURL && url.deletingLastPathComponent().path == artworkDirectory.standardizedFileURL.path)
      #expect(url == services.artwork.url(of: .artist(artist.id)))
      #expect(services.artwork.owner(at: url) == .artist(artist.id))
      #expect(try await services.musicAPI.artist(withID: artist.id).imageURL == url)
    }
    for playlist in playlists {
      #expect(playlist.artworkURL.isFileURL)
      #expect(services.artwork.owner(at: playlist.artworkURL) == .playlist(playlist.id))
      #expect(try await services.playlistAPI.playlist(withID: playlist.id).artworkURL == playlist.artworkURL)
    }
    #expect(fileSizes(in: artworkDirectory).isEmpty)
  }

  @Test func aLoadWritesOneFileWhoseBytesAreTheGeneratedCover() async throws {
    let artist = try #require(try await services.musicAPI.allArtists().first)
    let url = try #require(artist.imageURL)

    let artwork = try await services.artworkLoader.artwork(for: url)

    #expect(artwork.width == 256 && artwork.height == 256)
    let files = fileSizes(in: artworkDirectory)
    #expect(files.keys.sorted() == [ArtworkFolder.fileName(of: "artist-\(artist.id.rawValue)")])
    let written = try Data(contentsOf: URL(fileURLWithPath: url.path))
    #expect(Array(written) == (try CoverArt.png(for: "artist-\(artist.id.rawValue)", side: 256)))
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    let folder = try FileManager.default.attributesOfItem(atPath: artworkDirectory.path)
    #expect((folder[.posixPermissions] as? NSNumber)?.intValue == 0o700)
  }

  @Test func aPlaylistsCoverIsGeneratedFromItsArtworkIdentifier() async throws {
    let playlist = try #require(try await allPlaylists().first)

    let artwork = try await services.artworkLoader.artwork(for: playlist.artworkURL)

    let expected = CoverArt.pixels(for: "playlist-\(playlist.id.rawValue)", side: 256)
    #expect(artwork == Artwork(width: expected.width, height: expected.height, rgba: expected.rgba))
  }

  @Test func concurrentLoadsOfOneMissingCoverWriteOneWholeFile() async throws {
    let url = services.artwork.url(of: .artist(try #require(try await services.musicAPI.allArtists().first).id))
    // Two loaders over the same folder share no fetch: each may generate, and the renames leave one whole file.
    let loaders = [
      services.artworkLoader, LiveArtworkLoader(configuration: .memoryOnly, localArtwork: services.artwork),
    ]

    let results = await withTaskGroup(of: Result<Artwork, ArtworkLoadError>.self) { group in
      for index in 0..<20 { group.addTask { await load(loaders[index % 2], url) } }
      return await group.reduce(into: []) { $0.append($1) }
    }

    let first = try results[0].get()
    #expect(results.allSatisfy { $0 == .success(first) })
    let files = fileSizes(in: artworkDirectory)
    #expect(files.count == 1, "\(files)")
    #expect(Array(try Data(contentsOf: URL(fileURLWithPath: url.path))) == (try CoverArt.png(for: url.fragment!)))
  }

  @Test func aDamagedCoverIsGeneratedAgain() async throws {
    let owner = ArtworkOwner.playlist(try #require(try await allPlaylists().first).id)
    let url = services.artwork.url(of: owner)
    try FileManager.default.createDirectory(at: artworkDirectory, withIntermediateDirectories: true)
    let file = URL(fileURLWithPath: url.path)
    try Data(try CoverArt.png(for: owner.artworkID, side: 256).prefix(100)).write(to: file)

    let artwork = try await services.artworkLoader.artwork(for: url)

    #expect(artwork.width == 256 && artwork.height == 256)
    #expect(Array(try Data(contentsOf: file)) == (try CoverArt.png(for: owner.artworkID, side: 256)))
  }

  @Test func aURLNamingNoArtistOfTheCatalogIsNotFoundAndNothingIsWritten() async throws {
    let url = services.artwork.url(of: .artist("nobody-at-all"))

    #expect(await load(services.artworkLoader, url) == .failure(.notFound(url)))
    #expect(fileSizes(in: artworkDirectory).isEmpty)
  }

  @Test func aFileNameThatIsNotItsFragmentsIsOnlyRead() async throws {
    let artist = try #require(try await services.musicAPI.allArtists().first)
    let other = services.artwork.url(of: .artist("nobody-at-all"))
    var components = try #require(URLComponents(url: other, resolvingAgainstBaseURL: false))
    components.fragment = ArtworkOwner.artist(artist.id).artworkID
    let url = try #require(components.url)

    #expect(services.artwork.owner(at: url) == nil)
    #expect(await load(services.artworkLoader, url) == .failure(.notFound(url)))
    #expect(fileSizes(in: artworkDirectory).isEmpty)
  }

  @Test func aCoversFileNameIsTheHexSHA256OfItsArtworkIdentifier() {
    #expect(
      ArtworkFolder.fileName(of: "artist-solo")
        == "f3817f6b4f2b7aafd4b93507d62e5a667ff8906417f2749ef03cd25286acdacf.png")
    #expect(
      ArtworkFolder.fileName(of: "playlist-Ünïcødé mix #1 / 100%")
        == "db236dd104ea9d166b7f6f6d768858dac76f848fbc8d3fb1490c7fcc7f52c6b0.png")
  }

  @Test(arguments: ["solo", "Ünïcødé mix #1 / 100%", "a b?c=d&e", "%41", "emoji 🎧", "#"])
  func anOwnersURLIsItsFileWithItsIdentifierAsTheFragmentAndNamesItBack(id: String) throws {
    for owner in [ArtworkOwner.artist(Artist.ID(id)), .playlist(Playlist.ID(id))] {
      let url = services.artwork.url(of: owner)
      let file = artworkDirectory.standardizedFileURL.appendingPathComponent(
        ArtworkFolder.fileName(of: owner.artworkID), isDirectory: false)
      var components = try #require(URLComponents(url: file, resolvingAgainstBaseURL: false))
      components.fragment = owner.artworkID
      #expect(url == components.url, "the URL URLComponents would write")
      #expect(url.fragment(percentEncoded: false) == owner.artworkID)
      #expect(URL(fileURLWithPath: url.path) == file)
      #expect(services.artwork.owner(at: url) == owner)
    }
  }

  @Test func anInMemoryCatalogKeepsItsCoversInItsTemporaryFilesFolder() async throws {
    let services = try LiveServices.open(.inMemory(), options: LiveServices.Options(artworkLoading: .memoryOnly))
    let url = try #require(try await services.musicAPI.allArtists().first?.imageURL)

    _ = try await services.artworkLoader.artwork(for: url)

    #expect(url.path.hasPrefix(services.location.filesDirectory.standardizedFileURL.path + "/artwork/"))
    #expect(FileManager.default.fileExists(atPath: url.path))
  }
}
