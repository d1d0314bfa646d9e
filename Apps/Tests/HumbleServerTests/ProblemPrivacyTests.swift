import CatalogAPI
import Foundation
import Testing

/// A problem answer says what the caller can act on and carries the request's ID; the internals (the database's
/// message and address, the table it lacks, a file's path) go to the log, on the line with that ID.
@Suite(.timeLimit(.minutes(5))) struct ProblemPrivacyTests {
  @Test(arguments: StoreBackend.allCases)
  func aBrokenCatalogAnswersWithoutItsInternalsAndLogsThemWithTheRequestID(_ backend: StoreBackend) async throws {
    let log = LogRecorder()
    try await TestServer.with(backend, logger: log.logger) { server in
      try await server.execute("ALTER TABLE artist RENAME TO artist_gone")
      let (problem, response) = try await server.problem(.GET, CatalogAPI.Path.artists, status: 503)
      #expect(problem.detail == "The catalog is unavailable; try again.")
      for secret in ["no such table", "SQLSTATE", "PostgreSQL", "127.0.0.1", "relation", "does not exist"] {
        #expect(!response.text.contains(secret), "\(secret) in \(response.text)")
      }
      let requestID = try #require(problem.requestID)
      #expect(response.header("X-Request-ID") == requestID)
      let logged = log.entries(forRequestID: requestID).filter { $0.level == .error }
      let cause =
        switch backend {
        case .sqlite: "no such table: artist"
        case .postgres: #"relation "artist" does not exist (SQLSTATE 42P01)"#
        }
      #expect(logged.contains { $0.message.contains(cause) }, "\(logged)")
      if backend == .postgres {
        #expect(logged.contains { $0.message.contains("PostgreSQL at ") }, "\(logged)")
      }
    }
  }

  @Test func everyAnswerCarriesItsRequestID() async throws {
    try await TestServer.with { server in
      let found = try await server.send(.GET, CatalogAPI.Path.artists)
      let stream = try await server.send(.GET, CatalogAPI.Path.stream(ofTrack: "solo-1"))
      let (problem, missing) = try await server.problem(.GET, CatalogAPI.Path.artist("nobody"), status: 404)
      let ids = [found, stream, missing].map { $0.header("X-Request-ID") ?? "" }
      #expect(ids.allSatisfy { !$0.isEmpty } && Set(ids).count == 3, "\(ids)")
      #expect(problem.requestID == missing.header("X-Request-ID"))
    }
  }
}
