import CatalogAPI
import Foundation
import NIOHTTP1
import Testing

/// A resumed download must get the rest of the same file: the stream names its version, and `If-Range` asks for
/// a range only of that version.
@Suite(.timeLimit(.minutes(5))) struct StreamVersionTests {
  let path = CatalogAPI.Path.stream(ofTrack: "solo-1")

  @Test(arguments: StoreBackend.allCases) func theFileComesWithAStrongEntityTagAndItsModificationDate(
    _ backend: StoreBackend
  ) async throws {
    try await TestServer.with(backend) { server in
      let response = try await server.send(.GET, path)
      let tag = try #require(response.header("ETag"))
      #expect(tag.hasPrefix("\"") && tag.hasSuffix("\""), "a strong tag, not W/")
      #expect(response.header("Last-Modified")?.hasSuffix(" GMT") == true)
      #expect(try await server.send(.HEAD, path).header("ETag") == tag)
    }
  }

  @Test(arguments: StoreBackend.allCases) func aRangeWithTheCurrentTagOrDateIsAnsweredAsARange(_ backend: StoreBackend)
    async throws
  {
    try await TestServer.with(backend) { server in
      let first = try await server.send(.GET, path)
      for validator in [first.header("ETag"), first.header("Last-Modified")] {
        let response = try await server.send(
          .GET, path, headers: [("Range", "bytes=600-"), ("If-Range", try #require(validator))])
        #expect(response.status == 206)
        #expect(response.body == TestServer.soloBytes.subdata(in: 600..<1000))
      }
    }
  }

  @Test(arguments: StoreBackend.allCases) func aRangeOfAnotherVersionGetsTheWholeFile(_ backend: StoreBackend)
    async throws
  {
    try await TestServer.with(backend) { server in
      let response = try await server.send(
        .GET, path, headers: [("Range", "bytes=600-"), ("If-Range", "\"another-version\"")])
      #expect(response.status == 200)
      #expect(response.body == TestServer.soloBytes)
    }
  }

  @Test(arguments: StoreBackend.allCases) func aRangeHeaderOverTheLimitIsABadParameter(_ backend: StoreBackend)
    async throws
  {
    try await TestServer.with(backend) { server in
      let long = "bytes=" + String(repeating: "1", count: CatalogAPI.Limits.rangeHeaderBytes)
      let (problem, _) = try await server.problem(.GET, path, status: 400, headers: [("Range", long)])
      #expect(problem.parameter == "Range")
      #expect(problem.detail == "The Range header is over 200 bytes.")
    }
  }
}
