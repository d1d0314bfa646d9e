import CatalogAPI
import Domain
import Foundation
import HumbleSupportTesting
import Services
import ServicesRemote
import Testing

/// How every way a request can fail is told: `cancelled`, `unreachable` when the server could not be reached, or
/// `unavailable` for an answer that cannot be used; each with one line naming what happened.
@Suite(.timeLimit(.minutes(5))) struct RemoteFailureTests {
  let server: StubCatalogServer

  init() throws {
    server = try StubCatalogServer()
  }

  private func api(requestTimeout: Duration = .seconds(300)) throws -> RemoteMusicAPI {
    try RemoteServices(baseURL: server.baseURL, configuration: testConfiguration(requestTimeout: requestTimeout))
      .musicAPI
  }

  /// The error `allArtists()` fails with, checked to be told in one line.
  private func failure(
    of api: RemoteMusicAPI, sourceLocation: SourceLocation = #_sourceLocation
  ) async -> MusicAPIError? {
    let error = await #expect(throws: MusicAPIError.self, sourceLocation: sourceLocation) {
      try await api.allArtists()
    }
    let line = error?.description ?? ""
    #expect(!line.contains { $0.isNewline }, "\(line.debugDescription)", sourceLocation: sourceLocation)
    return error
  }

  /// The reason of an `unavailable` failure of `allArtists()`.
  private func unavailableReason(
    of api: RemoteMusicAPI, sourceLocation: SourceLocation = #_sourceLocation
  ) async -> String? {
    let error = await failure(of: api, sourceLocation: sourceLocation)
    guard case .unavailable(let reason)? = error else {
      Issue.record("not unavailable: \(String(describing: error))", sourceLocation: sourceLocation)
      return nil
    }
    return reason
  }

  private var serverName: String { "http://127.0.0.1:\(server.baseURL.port ?? 0)" }

  @Test func aRefusedConnectionNamesTheServer() async throws {
    defer { server.stop() }
    let port = try LoopbackHTTPServer.closedPort()
    let api = try RemoteServices(baseURL: URL(string: "http://127.0.0.1:\(port)/")!, configuration: testConfiguration())
      .musicAPI
    #expect(await failure(of: api) == .unreachable(reason: "server at http://127.0.0.1:\(port) refused the connection"))
  }

  @Test func anAnswerThatDoesNotComeInTimeTimesOutNamingTheDeadline() async throws {
    defer { server.stop() }
    let held = server.heldRequests()
    server.inject(.hold, into: CatalogAPI.Path.artists)
    #expect(
      await failure(of: try api(requestTimeout: .milliseconds(200)))
        == .unreachable(reason: "server at \(serverName) timed out after 0.2 s"))
    #expect(await held.first { _ in true } == CatalogAPI.Path.artists)
  }

  @Test func aBodyThatIsNotJSONIsMalformed() async throws {
    defer { server.stop() }
    server.inject(.malformedJSON("<html>busy</html>"), into: CatalogAPI.Path.artists)
    #expect(
      await failure(of: try api())
        == .unavailable(reason: "the server sent malformed JSON for /v1/artists: the body is not valid JSON"))
  }

  @Test func jsonOfTheWrongShapeIsMalformedNamingWhere() async throws {
    defer { server.stop() }
    server.inject(.malformedJSON(#"{"artists": [{"id": 3}]}"#), into: CatalogAPI.Path.artists)
    let reason = await unavailableReason(of: try api())
    #expect(reason?.hasPrefix("the server sent malformed JSON for /v1/artists: ") == true)
    #expect(reason?.hasSuffix(" at artists[0].id") == true)
  }

  @Test func anAnswerOfAnotherContentTypeIsRefused() async throws {
    defer { server.stop() }
    server.inject(.contentType("text/html; charset=utf-8"), into: CatalogAPI.Path.artists)
    #expect(
      await failure(of: try api()) == .unavailable(reason: "the server sent text/html, expected application/json"))
  }

  @Test(arguments: [500, 503])
  func anErrorStatusWithAProblemDocumentGivesItsDetail(status: Int) async throws {
    defer { server.stop() }
    server.inject(.status(status, detail: "the disk is full"), into: CatalogAPI.Path.artists)
    #expect(await failure(of: try api()) == .unavailable(reason: "the server answered \(status): the disk is full"))
  }

  @Test(arguments: [(500, "internal server error"), (503, "service unavailable")])
  func anErrorStatusWithoutAProblemDocumentIsNamed(status: Int, phrase: String) async throws {
    defer { server.stop() }
    server.inject(.status(status, detail: nil), into: CatalogAPI.Path.artists)
    // Foundation names statuses in lower case on Darwin and in title case on Linux.
    let reason = await unavailableReason(of: try api())
    #expect(reason?.lowercased() == "the server answered \(status): \(phrase)")
  }

  @Test func aProblemDetailOnManyLinesIsToldOnOne() async throws {
    defer { server.stop() }
    server.inject(
      .status(500, detail: "first line\nsecond line\r\n\tthird\u{2028}fourth"), into: CatalogAPI.Path.artists)
    #expect(
      await failure(of: try api())
        == .unavailable(reason: "the server answered 500: first line second line third fourth"))
  }

  @Test func aConnectionClosedWithoutAnAnswerSaysSo() async throws {
    defer { server.stop() }
    server.inject(.closeWithoutAnswer, into: CatalogAPI.Path.artists)
    #expect(
      await failure(of: try api())
        == .unreachable(reason: "server at \(serverName) closed the connection without answering"))
  }

  @Test func anAnswerCutShortSaysTheConnectionWasCut() async throws {
    defer { server.stop() }
    server.inject(.cutShort, into: CatalogAPI.Path.artists)
    #expect(
      await failure(of: try api())
        == .unreachable(reason: "server at \(serverName) cut the connection before the answer was complete"))
  }

  @Test func aPageWhoseNextPageIsNotAfterItIsRefused() async throws {
    defer { server.stop() }
    let path = CatalogAPI.Path.tracks(ofArtist: "quiet")
    server.inject(.malformedJSON(#"{"tracks": [], "offset": 0, "total": 5, "nextOffset": 0}"#), into: path)
    await #expect(
      throws: MusicAPIError.unavailable(
        reason: "the server sent a page of \(path) whose next page starts at 0, not after it")
    ) { try await api().tracks(ofArtist: "quiet") }
  }

  @Test func pagesThatDoNotAddUpToTheServersTotalAreRefused() async throws {
    defer { server.stop() }
    let path = CatalogAPI.Path.tracks(ofArtist: "quiet")
    server.inject(.malformedJSON(#"{"tracks": [], "offset": 0, "total": 5}"#), into: path)
    await #expect(
      throws: MusicAPIError.unavailable(reason: "the server's pages of \(path) held 0 tracks, but it counts 5")
    ) { try await api().tracks(ofArtist: "quiet") }
  }

  @Test func aCallerCancelledWhileWaitingIsToldCancelled() async throws {
    defer { server.stop() }
    let held = server.heldRequests()
    server.inject(.hold, into: CatalogAPI.Path.artists)
    let api = try api()
    let call = Task { try await api.allArtists() }
    _ = await held.first { _ in true }
    call.cancel()
    await #expect(throws: MusicAPIError.cancelled) { try await call.value }
  }

  @Test func aCallerCancelledBeforeAskingSendsNothing() async throws {
    defer { server.stop() }
    let api = try api()
    let (started, start) = AsyncStream<Void>.makeStream()
    let call = Task {
      _ = await started.first { _ in true }
      return try await api.allArtists()
    }
    call.cancel()
    start.finish()
    await #expect(throws: MusicAPIError.cancelled) { try await call.value }
    #expect(server.requests.isEmpty)
  }
}
