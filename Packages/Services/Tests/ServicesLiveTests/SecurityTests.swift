import Domain
import Foundation
import GRDB
import HumbleSupportTesting
import Services
import ServicesLive
import Testing

/// Text people type, and IDs and URLs a catalog holds, are data: never SQL, never a path outside the
/// downloads directory, never a URL scheme other than file, http and https.
@Suite(.timeLimit(.minutes(5))) struct SecurityTests {
  /// Text for a test case, named briefly in test output.
  struct Hostile: Sendable, CustomTestStringConvertible {
    let text: String
    var testDescription: String {
      text.count > 80 ? "\(text.prefix(20))… (\(text.count) characters)" : text.debugDescription
    }
  }

  static let hostileText = [
    "'; DROP TABLE track; --", "\" OR 1=1 --", "' OR '1'='1", "%", "_", "\\", "%'--", "a\0b", "\0",
    "') UNION SELECT id, name, searchName, imageURL, listeners FROM artist --", "*", "[a-z]",
    String(repeating: "x'", count: 50_000),
  ].map(Hostile.init)

  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  @Test(
    "Hostile text reaches every query as a bound parameter: no match, and every row is still there",
    arguments: hostileText)
  func hostileTextIsOnlyEverData(hostile: Hostile) async throws {
    let text = hostile.text
    let services = try openServices(in: directory, demo: true)
    let trackCount = try services.database.trackCount()
    let artistCount = try await services.musicAPI.allArtists().count
    let id = Artist.ID(text)
    #expect(try await services.musicAPI.artists(matching: text).isEmpty)
    await #expect(throws: MusicAPIError.artistNotFound(id)) { try await services.musicAPI.artist(withID: id) }
    await #expect(throws: MusicAPIError.artistNotFound(id)) { try await services.musicAPI.tracks(ofArtist: id) }
    await #expect(throws: MusicAPIError.artistNotFound(id)) { try await services.musicAPI.relatedArtists(of: id) }
    #expect(try await services.playlistAPI.playlists(featuring: id).isEmpty)
    let trackID = Track.ID(text)
    await #expect(throws: DownloadError.notDownloaded(trackID)) {
      try await services.downloadsManager.removeDownload(of: trackID)
    }
    await #expect(throws: DownloadError.notDownloading(trackID)) {
      try await services.downloadsManager.cancelDownload(of: trackID)
    }
    if text.contains("\0") {
      // SQLite would store the text cut at the NUL: refused instead.
      await #expect(throws: FavouritesError.invalidTrackID(trackID)) {
        try await services.favouritesManager.setFavourited(true, trackID: trackID)
      }
      #expect(try LiveFavouritesManager(database: services.database).favouritedTrackIDs.isEmpty)
      return
    }
    try await services.favouritesManager.setFavourited(true, trackID: trackID)
    #expect(services.favouritesManager.favouritedTrackIDs == [trackID])
    #expect(try LiveFavouritesManager(database: services.database).favouritedTrackIDs == [trackID], "stored as typed")
    try await services.favouritesManager.setFavourited(false, trackID: trackID)
    #expect(try LiveFavouritesManager(database: services.database).favouritedTrackIDs.isEmpty)
    #expect(try services.database.trackCount() == trackCount)
    #expect(try await services.musicAPI.allArtists().count == artistCount)
  }

  // MARK: Paths

  @Test(
    "A track's ID never chooses where its download goes",
    arguments: ["../../etc/passwd", "a/b", "/", "..", ".", String(repeating: "x", count: 10_000), "~", ".hidden"]
      .map(Hostile.init))
  func anIDStaysInsideTheDownloadsDirectory(hostile: Hostile) async throws {
    let id = hostile.text
    let source = directory.url.appendingPathComponent("source.wav")
    try sampleBytes(count: 3000).write(to: source)
    let file = try await download(
      Track(
        id: .init(id), title: "t", duration: 1, streamURL: source, popularity: 0, releaseDate: Date(),
        containsExplicitLyrics: false, artistID: "a"))
    #expect(file.lastPathComponent.hasSuffix(".wav"))
  }

  @Test("A track ID holding a NUL is refused before anything is written: the database would cut it short")
  func aNULInATrackIDIsRefused() async throws {
    let source = directory.url.appendingPathComponent("source.wav")
    try sampleBytes(count: 100).write(to: source)
    let services = try openServices(in: directory)
    let track = Track(
      id: "a\0b", title: "t", duration: 1, streamURL: source, popularity: 0, releaseDate: Date(),
      containsExplicitLyrics: false, artistID: "a")
    await #expect(throws: DownloadError.invalidTrackID("a\0b")) {
      try await services.downloadsManager.startDownload(of: track)
    }
    #expect(services.downloadsManager.downloadState(of: "a\0b") == .notDownloaded)
    #expect(files(in: services.location.downloadsDirectory).isEmpty)
  }

  @Test(
    "A stream URL's path extension never reaches the file name unless it is a few letters and digits",
    arguments: [
      ("/x.\(String(repeating: "e", count: 300))", "audio"), ("/x.a%0Ab", "audio"), ("/x.a%5Cb", "audio"),
      ("/x.$(rm)", "audio"), ("/x.%01", "audio"), ("/x.a%3Ab", "audio"), ("/x.mp3", "mp3"), ("/x", "audio"),
    ])
  func aStreamExtensionIsSanitised(path: String, expectedExtension: String) async throws {
    let server = try LocalHTTPServer(routes: [path: sampleBytes(count: 2000)])
    let file = try await download(
      Track(
        id: "web", title: "t", duration: 1, streamURL: server.url(path), popularity: 0, releaseDate: Date(),
        containsExplicitLyrics: false, artistID: "a"))
    #expect(file.pathExtension == expectedExtension)
  }

  /// Downloads the track on fresh services and checks its file is directly in `downloads/`, with a plain
  /// name, and that nothing was written anywhere else.
  private func download(_ track: Track) async throws -> URL {
    // The stall limit is the manager's, not a wait of the test's: 30 s passed without a byte from the loopback
    // server once, in a fresh-clone run's most loaded minute (every suite starting at once).
    var patient = LiveDownloadsManager.Configuration()
    patient.stallTimeout = .seconds(300)
    let services = try openServices(in: directory, downloads: patient)
    let changes = services.downloadsManager.changes()
    try await services.downloadsManager.startDownload(of: track)
    let end = try await firstChange(in: changes) { $0.state == .downloaded || $0.state.isFailure }
    #expect(end.state == .downloaded)
    let file = try #require(services.downloadsManager.fileURL(for: track.id))
    let downloads = services.location.downloadsDirectory
    #expect(file.deletingLastPathComponent().standardizedFileURL.path == downloads.standardizedFileURL.path)
    let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
    #expect(file.lastPathComponent.allSatisfy(plain.contains) && file.lastPathComponent.utf8.count <= 100)
    #expect(!file.lastPathComponent.hasPrefix("."))
    var written: [String] = []
    let enumerator = FileManager.default.enumerator(atPath: directory.url.path)
    while let path = enumerator?.nextObject() as? String { written.append(path) }
    let expected: Set<String> = [
      "catalog.sqlite", "catalog.sqlite-wal", "catalog.sqlite-shm", "source.wav", "catalog-files",
      "catalog-files/downloads", "catalog-files/downloads/.partial", "catalog-files/downloads/.lock",
      "catalog-files/downloads/\(file.lastPathComponent)",
    ]
    #expect(Set(written).subtracting(expected).isEmpty, "written elsewhere: \(Set(written).subtracting(expected))")
    return file
  }

  // MARK: URL schemes

  @Test(
    "Only file, http and https stream URLs are followed",
    arguments: [
      "ftp://example.com/a.mp3", "data:audio/wav;base64,UklGRg==", "javascript:alert(1)", "mailto:a@example.com",
      "streams/a.wav", "//example.com/a.wav", "gopher://example.com/a", "file+ssh://example.com/a.wav",
    ])
  func otherSchemesAreRefused(url: String) async throws {
    let downloads = try openServices(in: directory).downloadsManager
    let streamURL = try #require(URL(string: url))
    let track = Track(
      id: "t", title: "t", duration: 1, streamURL: streamURL, popularity: 0, releaseDate: Date(),
      containsExplicitLyrics: false, artistID: "a")
    await #expect(throws: DownloadError.unsupportedURL(streamURL.absoluteString)) {
      try await downloads.startDownload(of: track)
    }
    #expect(downloads.downloadState(of: "t") == .notDownloaded)
  }

  @Test("Schemes are compared without case: FILE: and HTTP: URLs download")
  func uppercaseSchemesAreAllowed() async throws {
    let source = directory.url.appendingPathComponent("source.wav")
    try sampleBytes(count: 1000).write(to: source)
    let server = try LocalHTTPServer(routes: ["/t.wav": sampleBytes(count: 1000)])
    for url in ["FILE://\(source.path)", "HTTP://127.0.0.1:\(server.port)/t.wav"] {
      let services = try openServices(in: directory)
      let track = Track(
        id: .init(url.prefix(4).lowercased()), title: "t", duration: 1, streamURL: try #require(URL(string: url)),
        popularity: 0, releaseDate: Date(), containsExplicitLyrics: false, artistID: "a")
      let changes = services.downloadsManager.changes()
      try await services.downloadsManager.startDownload(of: track)
      let end = try await firstChange(in: changes) { $0.state == .downloaded || $0.state.isFailure }
      #expect(end.state == .downloaded, "\(url)")
    }
  }

  @Test("An HTTP redirect is followed to http URLs only, never to a local file or another scheme")
  func redirectsStayOnHTTP() async throws {
    let secret = directory.url.appendingPathComponent("secret.txt")
    try Data("private key material".utf8).write(to: secret)
    let served = sampleBytes(count: 1500)
    let server = try LocalHTTPServer(
      routes: ["/t.wav": served],
      redirects: [
        "/hop": "/t.wav", "/to-file": "file://\(secret.path)", "/to-ftp": "ftp://example.com/a.wav",
        "/to-data": "data:text/plain,hello",
      ])
    let services = try openServices(in: directory)
    for path in ["/hop", "/to-file", "/to-ftp", "/to-data"] {
      let track = Track(
        id: .init(String(path.dropFirst())), title: "t", duration: 1, streamURL: server.url(path), popularity: 0,
        releaseDate: Date(), containsExplicitLyrics: false, artistID: "a")
      let changes = services.downloadsManager.changes()
      try await services.downloadsManager.startDownload(of: track)
      let end = try await firstChange(in: changes) { $0.state == .downloaded || $0.state.isFailure }
      if path == "/hop" {
        #expect(end.state == .downloaded)
        #expect(try Data(contentsOf: try #require(services.downloadsManager.fileURL(for: track.id))) == served)
      } else {
        // FoundationNetworking resolves a file: or data: Location against the server (a 404 here); any other
        // scheme reaches the session's redirect check. Either way nothing outside HTTP is read.
        guard case .failed(let reason) = end.state else {
          Issue.record("\(path) was followed: \(end.state)")
          continue
        }
        if path == "/to-ftp" {
          #expect(
            reason
              == "\(server.url(path).absoluteString) redirects to ftp://example.com/a.wav, which is not an http or https URL"
          )
        }
      }
    }
    #expect(files(in: services.location.downloadsDirectory).count == 1)
    #expect(files(in: services.location.partialDownloadsDirectory).isEmpty)
  }
}

@Suite(.timeLimit(.minutes(5))) struct NULTests {
  @Test("An ID that is a real one followed by a NUL finds nothing: SQLite never sees it cut short")
  func aRealIDFollowedByANULIsNotFound() async throws {
    let directory = try TemporaryDirectory()
    let services = try openServices(in: directory, demo: true)
    let id = Artist.ID("aurora-vale\0x")
    await #expect(throws: MusicAPIError.artistNotFound(id)) { try await services.musicAPI.artist(withID: id) }
    await #expect(throws: MusicAPIError.artistNotFound(id)) { try await services.musicAPI.tracks(ofArtist: id) }
    #expect(try await services.playlistAPI.playlists(featuring: id).isEmpty)
    #expect(try await services.musicAPI.artists(matching: "aurora\0zzz").isEmpty)
  }
}

/// Files and directories the live services create are their owner's only, whatever the umask.
@Suite(.serialized, .timeLimit(.minutes(5))) struct PermissionTests {
  @Test("The database, its -wal and -shm, and every directory created are readable by their owner only")
  func createdFilesAreTheOwnersOnly() async throws {
    let directory = try TemporaryDirectory()
    let existing = try FileManager.default.attributesOfItem(atPath: directory.url.path)[.posixPermissions] as? NSNumber
    let previous = umask(0o022)
    defer { umask(previous) }
    let data = directory.url.appendingPathComponent("data/humble")
    let location = StorageLocation(
      databaseURL: data.appendingPathComponent("catalog.sqlite"), filesDirectory: data.appendingPathComponent("files"),
      createsDatabaseDirectory: true)
    let services = try LiveServices.open(location)
    try await services.favouritesManager.setFavourited(true, trackID: "aurora-vale-01")
    func permissions(_ url: URL) -> Int? {
      ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.posixPermissions] as? NSNumber)?.intValue
    }
    let database = data.appendingPathComponent("catalog.sqlite")
    for file in [database, URL(fileURLWithPath: database.path + "-wal"), URL(fileURLWithPath: database.path + "-shm")] {
      #expect(permissions(file) == 0o600, "\(file.lastPathComponent): \(String(permissions(file) ?? 0, radix: 8))")
    }
    #expect(permissions(location.downloadsDirectory.appendingPathComponent(".lock")) == 0o600)
    for folder in [
      directory.url.appendingPathComponent("data"), data, location.filesDirectory, location.downloadsDirectory,
      location.partialDownloadsDirectory, location.streamsDirectory,
    ] {
      #expect(permissions(folder) == 0o700, "\(folder.path): \(String(permissions(folder) ?? 0, radix: 8))")
    }
    // A directory that already existed is the user's: it keeps its permissions.
    #expect(permissions(directory.url) == existing?.intValue)
  }

  @Test("An existing database file keeps the permissions its owner gave it")
  func anExistingFileKeepsItsPermissions() throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("shared.sqlite")
    #expect(FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o640]))
    _ = try CatalogDatabase.open(at: url)
    #expect((try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber) == 0o640)
  }
}
