import CatalogAPI
import Foundation
import Testing

@Suite(.timeLimit(.minutes(5))) struct LimitsTests {
  @Test(arguments: StoreBackend.allCases) func anUnknownPathIsAProblem404(_ backend: StoreBackend) async throws {
    try await TestServer.with(backend) { server in
      let (problem, _) = try await server.problem(.GET, "/v2/everything", status: 404)
      #expect(problem.detail == "No endpoint at /v2/everything.")
      #expect(problem.instance == "/v2/everything")
      #expect(problem.type == "about:blank")
    }
  }

  @Test(arguments: StoreBackend.allCases) func aWrongMethodIs405NamingTheAllowedOnes(_ backend: StoreBackend)
    async throws
  {
    try await TestServer.with(backend) { server in
      let (problem, response) = try await server.problem(.POST, "/v1/artists/solo", status: 405)
      #expect(response.header("Allow") == "GET")
      #expect(problem.detail == "/v1/artists/solo answers GET, not POST.")
      let (_, favourite) = try await server.problem(.GET, "/v1/me/favourites/solo-1", status: 405)
      #expect(favourite.header("Allow") == "PUT, DELETE")
    }
  }

  @Test(arguments: StoreBackend.allCases) func aRequestTargetOver4096BytesIs414(_ backend: StoreBackend) async throws {
    try await TestServer.with(backend) { server in
      let target = "/v1/artists?query=" + String(repeating: "a", count: CatalogAPI.Limits.requestTargetBytes)
      let (problem, _) = try await server.problem(.GET, target, status: 414)
      #expect(problem.detail == "The request target is 4114 bytes; the limit is 4096.")
    }
  }

  @Test(arguments: StoreBackend.allCases) func aBodyOver16KilobytesIs413(_ backend: StoreBackend) async throws {
    try await TestServer.with(backend) { server in
      let body = Data(repeating: 0x61, count: CatalogAPI.Limits.bodyBytes + 1)
      let (problem, _) = try await server.problem(
        .PUT, CatalogAPI.Path.favourite("solo-1"), status: 413, token: server.adaToken, body: body)
      #expect(problem.detail == "The request body is over 16384 bytes.")
      let small = try await server.send(
        .PUT, CatalogAPI.Path.favourite("solo-1"), token: server.adaToken, body: Data("{}".utf8))
      #expect(small.status == 200)
    }
  }

  @Test(arguments: StoreBackend.allCases) func everyResponseCarriesItsRequestID(_ backend: StoreBackend) async throws {
    try await TestServer.with(backend) { server in
      let first = try await server.send(.GET, CatalogAPI.Path.artists)
      let second = try await server.send(.GET, CatalogAPI.Path.artists)
      let ids = [first, second].compactMap { $0.header("X-Request-ID") }
      #expect(ids.count == 2 && ids[0] != ids[1])
    }
  }
}
