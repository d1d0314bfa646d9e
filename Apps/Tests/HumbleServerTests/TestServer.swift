import CatalogAPI
import CatalogAPITesting
import Domain
import Foundation
import GRDB
import HumbleServer
import HumbleServerPostgres
import HumbleServerTestSupport
import HumbleSupportTesting
import Logging
import NIOHTTP1
import ServicesLive
import Testing

/// SwiftNIO's method type, under a name that says whose it is.
typealias NIOHTTPMethod = HTTPMethod

/// Where a test server keeps its catalog, users and favourites: every HTTP test runs against each.
enum StoreBackend: String, CaseIterable, CustomTestStringConvertible, Sendable {
  /// The embedded SQLite catalog (`SQLiteCatalogStore`).
  case sqlite
  /// A fresh PostgreSQL database (`PostgresCatalogStore`), the same catalog imported with `COPY`.
  case postgres

  var testDescription: String { rawValue }
}

/// The folder a test server streams from.
enum TestStreamFolder: Sendable {
  /// The catalog's files folder itself.
  case files
  /// A symbolic link to it, beside it.
  case linkToFiles
}

/// A server on an ephemeral loopback port over a small catalog made for the tests, and a client that checks
/// every response it reads against the OpenAPI document.
struct TestServer: Sendable {
  let server: HumbleServer.RunningServer
  let client: HTTPTestClient
  let files: URL
  let adaToken: String
  let bobToken: String
  /// The store the server serves.
  let store: any CatalogStore
  /// Runs one SQL statement on the store's database: for tests that break it.
  let execute: @Sendable (String) async throws -> Void
  static let contract = Result { try OpenAPIContract.committed() }

  /// The bytes of `solo-1`'s stream file.
  static let soloBytes = Data((0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
  /// The titles of `solo`'s tracks, in catalog order: ties, case and accents.
  static let soloTitles = ["beta", "Alpha", "élan", "Beta", "elan", "alpha"]

  /// How long a test's PostgreSQL store lets a request take: the tests are about answers, not timeouts (those
  /// have tests of their own), and under Thread Sanitizer on a loaded two-core machine a query has taken over
  /// the production default of 5 s.
  static let patientRequestTimeout: Duration = .seconds(300)
  /// The same for one connection attempt: under Thread Sanitizer on a loaded 2-core machine, a connection to the
  /// loopback cluster has taken over the store's default 10 s.
  static let patientConnectTimeout: Duration = .seconds(120)

  /// A PostgreSQL store of the database at `location`, patient with a loaded machine, logging nothing.
  static func patientStore(at location: PostgresLocation, maximumConnections: Int = 2) async throws
    -> PostgresCatalogStore
  {
    try await PostgresCatalogStore.connect(
      to: location,
      configuration: .init(
        requestTimeout: patientRequestTimeout, connectTimeout: patientConnectTimeout,
        maximumConnections: maximumConnections, logger: quietLogger))
  }

  /// Runs `body` with a fresh server over `backend`, and stops the server (and drops its database) afterwards.
  @discardableResult
  static func with<T>(
    _ backend: StoreBackend = .sqlite, keepAliveInterval: Duration = .seconds(15), publicURL: URL? = nil,
    streamFolder: TestStreamFolder = .files, logger: Logger? = nil, manyTracks: Int = defaultManyTracks,
    configure: (inout HumbleServer.Configuration) -> Void = { _ in }, _ body: (TestServer) async throws -> T
  ) async throws -> T {
    // The files folder is `streams` in a folder of the test's own, whose `outside` holds files it must not serve.
    let temporary = try TemporaryDirectory(prefix: "humble-server")
    let base = temporary.url
    let files = base.appendingPathComponent("streams", isDirectory: true)
    try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
    defer { withExtendedLifetime(temporary) {} }
    let database = try CatalogDatabase.open(at: nil)
    try importCatalog(into: database, files: files, withFilesOutside: true, manyTracks: manyTracks)
    var options = ServerOptions(keepAliveInterval: keepAliveInterval, publicURL: publicURL, logger: logger)
    options.streamFolder = streamFolder == .files ? files : base.appendingPathComponent("streams-link")
    switch backend {
    case .sqlite:
      options.execute = { statement in
        try await database.write({ db in try db.execute(sql: statement) }, describingErrorsWith: { $0 })
      }
      return try await with(
        store: SQLiteCatalogStore(database: database), files: files, options: options, configure: configure, body)
    case .postgres:
      return try await PostgresTestDatabase.with { location in
        try await PostgresCatalogImport.run(
          from: database, into: location, connectTimeout: TestServer.patientConnectTimeout)
        let store = try await patientStore(at: location, maximumConnections: 4)
        options.execute = { statement in _ = try await PostgresTestDatabase.query(location, statement) }
        do {
          let result = try await with(store: store, files: files, options: options, configure: configure, body)
          await store.close()
          return result
        } catch {
          await store.close()
          throw error
        }
      }
    }
  }

  static var quietLogger: Logger {
    var logger = Logger(label: "humble-server-tests")
    logger.logLevel = .critical
    return logger
  }

  /// How a test server is configured, beyond its store.
  private struct ServerOptions {
    var keepAliveInterval: Duration
    var publicURL: URL?
    var logger: Logger?
    var streamFolder: URL?
    var execute: @Sendable (String) async throws -> Void = { _ in }
  }

  private static func with<T>(
    store: some CatalogStore, files: URL, options: ServerOptions,
    configure: (inout HumbleServer.Configuration) -> Void, _ body: (TestServer) async throws -> T
  ) async throws -> T {
    let ada = try await HumbleServer.addUser(named: "ada", to: store)
    let bob = try await HumbleServer.addUser(named: "bob", to: store)
    var logger = Logger(label: "humble-server-tests")
    logger.logLevel = .warning
    var configuration = HumbleServer.Configuration(
      port: 0, keepAliveInterval: options.keepAliveInterval, logger: options.logger ?? logger,
      publicURL: options.publicURL)
    configuration.streamFolder = options.streamFolder
    configure(&configuration)
    let server = try await HumbleServer.start(store: store, configuration: configuration)
    let testServer = TestServer(
      server: server, client: HTTPTestClient(url: server.url), files: files, adaToken: ada, bobToken: bob,
      store: store, execute: options.execute)
    do {
      let result = try await body(testServer)
      try await server.shutdown()
      return result
    } catch {
      try? await server.shutdown()
      throw error
    }
  }

  /// The bytes of the file outside the stream folder, which no test may read through the server.
  static let secretBytes = Data("root:x:0:0:root:/root:/bin/bash\n".utf8)

  /// How many tracks the artist `many` has unless a test asks for more: a few past a page of 1,000.
  ///
  /// Every server test imports them (twice over for PostgreSQL: 5,005 made the whole suite under Thread Sanitizer
  /// overrun its time limits), so a test that needs more than the largest page asks for it.
  static let defaultManyTracks = 1_005

  /// Imports the tests' catalog, with its stream files in `files`.
  ///
  /// `other`'s tracks name files the server must not serve (see `ConfinedFile`); with `withFilesOutside`,
  /// `files`' folder is the test's own, and gets `outside/` beside `files`, a link `streams-link` to `files`,
  /// and the files those tracks name.
  static func importCatalog(
    into database: CatalogDatabase, files: URL, withFilesOutside: Bool = false, manyTracks: Int = defaultManyTracks
  ) throws {
    let soloFile = files.appendingPathComponent("solo-1.wav")
    try soloBytes.write(to: soloFile)
    let emptyFile = files.appendingPathComponent("empty.wav")
    try Data().write(to: emptyFile)
    if withFilesOutside {
      try ConfinedFile.create(in: files)
    }
    try database.importCatalog { importer in
      for (id, name) in [("solo", "Solo"), ("empty", "Empty Room"), ("many", "Many Hands"), ("other", "Öther")] {
        try importer.insert(Artist(id: Artist.ID(id), name: name, imageURL: nil, listeners: 10))
      }
      for (index, title) in soloTitles.enumerated() {
        let stream: String =
          switch index {
          case 0: soloFile.absoluteString
          case 1: emptyFile.absoluteString
          case 2: files.absoluteString  // a directory
          case 3: "https://example.com/remote.wav"
          default: files.appendingPathComponent("missing.wav").absoluteString
          }
        try importer.insert(
          Track(
            id: Track.ID("solo-\(index + 1)"), title: title, duration: Double(index % 3) * 60,
            streamURLString: stream, popularity: index % 2,
            releaseDate: Date(timeIntervalSince1970: Double(index % 4) * 86_400), containsExplicitLyrics: false,
            artistID: "solo"))
      }
      for index in 1...manyTracks {
        try importer.insert(
          Track(
            id: Track.ID(String(format: "many-%04d", index)), title: "Song \(index)", duration: 30,
            streamURLString: soloFile.absoluteString, popularity: index, releaseDate: Date(timeIntervalSince1970: 0),
            containsExplicitLyrics: false, artistID: "many"))
      }
      for file in ConfinedFile.allCases {
        try importer.insert(
          Track(
            id: file.trackID, title: "\(file)", duration: 1, streamURLString: file.streamURL(files: files),
            popularity: 0, releaseDate: Date(timeIntervalSince1970: 0), containsExplicitLyrics: false,
            artistID: "other"))
      }
      try importer.relate("solo", to: ["many", "other"])
      let first = Track(
        id: "solo-1", title: "beta", duration: 0, streamURLString: "", popularity: 0, releaseDate: Date(),
        containsExplicitLyrics: false, artistID: "solo")
      try importer.insert(
        Playlist(id: "mix", name: "Mix", tracks: [first], artworkURL: URL(string: "https://example.com/mix.jpg")!))
    }
  }

  /// Sends a request, and records an issue for every way the response breaks the OpenAPI document.
  @discardableResult
  func send(
    _ method: HTTPMethod = .GET, _ target: String, token: String? = nil, headers: [(String, String)] = [],
    body: Data? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> HTTPTestResponse {
    var headers = headers
    if let token { headers.append(("Authorization", "Bearer \(token)")) }
    let response = try await client.send(method, target, headers: headers, body: body)
    let path = String(target.prefix { $0 != "?" })
    let violations = try Self.contract.get().violations(
      method: method.rawValue, path: path, status: response.status, contentType: response.header("Content-Type"),
      body: method == .HEAD ? Data() : response.body)
    for violation in violations {
      Issue.record("\(violation)", sourceLocation: sourceLocation)
    }
    return response
  }

  /// Sends a request and decodes its JSON body.
  func get<T: Decodable>(
    _ type: T.Type, _ target: String, token: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> T {
    let response = try await send(.GET, target, token: token, sourceLocation: sourceLocation)
    try #require(response.status == 200, "\(response.status): \(response.text)", sourceLocation: sourceLocation)
    return try CatalogJSON.decoder().decode(T.self, from: response.body)
  }

  /// Sends a request expected to fail, checks it is a problem document that says so, and returns it.
  @discardableResult
  func problem(
    _ method: HTTPMethod = .GET, _ target: String, status: Int, token: String? = nil, headers: [(String, String)] = [],
    body: Data? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> (Problem, HTTPTestResponse) {
    let response = try await send(
      method, target, token: token, headers: headers, body: body, sourceLocation: sourceLocation)
    #expect(response.status == status, "\(response.text)", sourceLocation: sourceLocation)
    #expect(response.header("Content-Type") == CatalogJSON.problemContentType, sourceLocation: sourceLocation)
    let problem = try CatalogJSON.decoder().decode(Problem.self, from: response.body)
    #expect(problem.status == status, sourceLocation: sourceLocation)
    #expect(
      problem.requestID != nil && problem.requestID == response.header("X-Request-ID"), sourceLocation: sourceLocation)
    #expect(!problem.detail.isEmpty && !problem.detail.contains("\n"), sourceLocation: sourceLocation)
    return (problem, response)
  }
}
