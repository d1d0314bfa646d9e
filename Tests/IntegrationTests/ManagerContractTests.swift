import Domain
import Foundation
import HumbleServer
import HumbleServerPostgres
import HumbleServerTestSupport
import Services
import ServicesLive
import ServicesRemote
import ServicesTestSupport
import Testing

/// The mocks and the live managers accept and refuse the same requests.
///
/// The mocks stand in for the live managers in every other package's tests, so they must behave alike, with
/// the same errors and announcements. Each test here runs against both.
@Suite(.timeLimit(.minutes(5))) struct ManagerContractTests {
  enum Implementation: String, CaseIterable, CustomTestStringConvertible {
    case mock
    case live
    /// Favourites over a real `humble-server` on a loopback port; downloads of its stream URLs.
    case remote
    /// The same, with the server's catalog, users and favourites in PostgreSQL.
    case remotePostgres = "remote-postgres"

    var testDescription: String { rawValue }
  }

  final class Fixture: Sendable {
    let directory: URL
    let downloads: any DownloadsManager
    let favourites: any FavouritesManager
    /// Makes a download finish (the live manager copies a real file; the mock is told to complete).
    let finish: @Sendable (Track.ID) -> Void

    /// What a remote fixture runs: the server, and the remote track answers with the server's stream URLs.
    private let server: HumbleServer.RunningServer?
    private let remoteTracks: RemoteMusicAPI?
    /// The server's PostgreSQL database and store, closed and dropped with the fixture.
    private let postgres: (location: PostgresLocation, store: PostgresCatalogStore?)?

    private init(
      directory: URL, downloads: any DownloadsManager, favourites: any FavouritesManager,
      finish: @escaping @Sendable (Track.ID) -> Void, server: HumbleServer.RunningServer? = nil,
      remoteTracks: RemoteMusicAPI? = nil, postgres: (location: PostgresLocation, store: PostgresCatalogStore?)? = nil
    ) {
      self.postgres = postgres
      self.directory = directory
      self.downloads = downloads
      self.favourites = favourites
      self.finish = finish
      self.server = server
      self.remoteTracks = remoteTracks
    }

    static func make(_ implementation: Implementation) async throws -> Fixture {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("humble-contract-\(UUID())")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      switch implementation {
      case .mock:
        let downloads = MockDownloadsManager()
        return Fixture(
          directory: directory, downloads: downloads, favourites: MockFavouritesManager(),
          finish: { downloads.completeDownload(of: $0) })
      case .live:
        let services = try LiveServices.open(
          .database(at: directory.appendingPathComponent("catalog.sqlite")),
          options: .init(importsDemoCatalogWhenEmpty: false))
        return Fixture(
          directory: directory, downloads: services.downloadsManager, favourites: services.favouritesManager,
          finish: { _ in })
      case .remote, .remotePostgres:
        // The server's catalog holds the tracks the tests use, with real files behind their streams.
        let catalog = try LiveServices.open(
          .database(at: directory.appendingPathComponent("server.sqlite")),
          options: .init(importsDemoCatalogWhenEmpty: false))
        try catalog.database.importCatalog { importer in
          try importer.insert(Artist.fixture(id: "contract", name: "Contract"))
          for id in ["a", "b"] { try importer.insert(try localTrack(Track.ID(id), in: directory)) }
        }
        let store: any CatalogStore
        var database: PostgresLocation?
        if implementation == .remotePostgres {
          let location = try await PostgresTestDatabase.create()
          database = location
          try await PostgresCatalogImport.run(from: catalog.database, into: location, connectTimeout: .seconds(120))
          store = try await PostgresCatalogStore.connect(
            to: location,
            configuration: .init(requestTimeout: .seconds(300), connectTimeout: .seconds(120), logger: .quiet))
        } else {
          store = SQLiteCatalogStore(database: catalog.database)
        }
        let token = try await HumbleServer.addUser(named: "contract", to: store)
        // The server streams only from its stream folder: the tracks' files are in the test's folder.
        var configuration = HumbleServer.Configuration(port: 0)
        configuration.streamFolder = directory
        let server = try await HumbleServer.start(store: store, configuration: configuration)
        let remote = try RemoteServices(baseURL: server.url, token: token, configuration: .patient)
        let local = try LiveServices.open(
          .database(at: directory.appendingPathComponent("downloads.sqlite")),
          options: .init(importsDemoCatalogWhenEmpty: false))
        return Fixture(
          directory: directory, downloads: local.downloadsManager, favourites: try await remote.openFavourites(),
          finish: { _ in }, server: server, remoteTracks: remote.musicAPI,
          postgres: database.map { ($0, store as? PostgresCatalogStore) })
      }
    }

    deinit {
      (favourites as? RemoteFavouritesManager)?.close()
      let postgres = postgres
      if let server {
        Task {
          try? await server.shutdown()
          await postgres?.store?.close()
          if let location = postgres?.location { try? await PostgresTestDatabase.drop(location) }
        }
      }
      try? FileManager.default.removeItem(at: directory)
    }

    /// The track as this implementation's catalog gives it: a file on disk, or the server's stream of that file.
    func track(_ id: Track.ID) async throws -> Track {
      guard let remoteTracks else { return try Self.localTrack(id, in: directory) }
      return try #require(try await remoteTracks.tracks(ofArtist: "contract").first { $0.id == id })
    }

    private static func localTrack(_ id: Track.ID, in directory: URL) throws -> Track {
      let url = directory.appendingPathComponent("\(id.rawValue).wav")
      try Data(repeating: 1, count: 2048).write(to: url)
      return .fixture(id: id, streamURL: url, artistID: "contract")
    }
  }

  @Test(arguments: Implementation.allCases)
  func aDownloadGoesFromNotDownloadedThroughDownloadingToDownloaded(_ implementation: Implementation) async throws {
    let fixture = try await Fixture.make(implementation)
    let downloads = fixture.downloads
    let changes = downloads.changes()
    #expect(downloads.downloadState(of: "a") == .notDownloaded)
    try await downloads.startDownload(of: await fixture.track("a"))
    fixture.finish("a")
    var states: [DownloadState] = []
    for await change in changes {
      #expect(change.trackID == "a")
      states.append(change.state)
      if change.state == .downloaded { break }
    }
    #expect(states.first == .downloading(progress: 0))
    #expect(states.last == .downloaded)
    #expect(downloads.hasDownloaded("a"))
    await #expect(throws: DownloadError.alreadyDownloaded("a")) {
      try await downloads.startDownload(of: await fixture.track("a"))
    }
    try await downloads.removeDownload(of: "a")
    #expect(downloads.downloadState(of: "a") == .notDownloaded)
  }

  @Test(arguments: Implementation.allCases)
  func requestsWithoutADownloadAreRefusedTheSameWay(_ implementation: Implementation) async throws {
    let fixture = try await Fixture.make(implementation)
    let downloads = fixture.downloads
    await #expect(throws: DownloadError.notDownloading("b")) { try await downloads.cancelDownload(of: "b") }
    await #expect(throws: DownloadError.notDownloaded("b")) { try await downloads.removeDownload(of: "b") }
    let ftp = Track.fixture(id: "ftp", streamURL: URL(string: "ftp://example.com/a.mp3"))
    await #expect(throws: DownloadError.unsupportedURL("ftp://example.com/a.mp3")) {
      try await downloads.startDownload(of: ftp)
    }
    #expect(downloads.downloadState(of: "ftp") == .notDownloaded)
  }

  @Test(arguments: Implementation.allCases)
  func favouritesAnnounceOnlyRealChanges(_ implementation: Implementation) async throws {
    let fixture = try await Fixture.make(implementation)
    let favourites = fixture.favourites
    let changes = favourites.changes()
    try await favourites.favourite("a")
    try await favourites.favourite("a")
    try await favourites.unfavourite("b")
    try await favourites.unfavourite("a")
    #expect(!favourites.isFavourited("a"))
    var received: [FavouriteChange] = []
    for await change in changes {
      received.append(change)
      if received.count == 2 { break }
    }
    #expect(received == [.init(trackID: "a", isFavourited: true), .init(trackID: "a", isFavourited: false)])
  }
}
