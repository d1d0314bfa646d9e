import CatalogAPI
import Foundation
import NIOHTTP1
import Testing

@Suite(.timeLimit(.minutes(5))) struct StreamTests {
  let path = CatalogAPI.Path.stream(ofTrack: "solo-1")

  @Test(arguments: StoreBackend.allCases) func theWholeFileComesWithItsLengthAndRangeSupport(_ backend: StoreBackend)
    async throws
  {
    try await TestServer.with(backend) { server in
      let response = try await server.send(.GET, path)
      #expect(response.status == 200)
      #expect(response.body == TestServer.soloBytes)
      #expect(response.header("Accept-Ranges") == "bytes")
      #expect(response.header("Content-Length") == "1000")
      #expect(response.header("Content-Type") == "audio/wav")
    }
  }

  @Test(arguments: [
    ("bytes=0-99", 0..<100), ("bytes=500-599", 500..<600), ("bytes=-100", 900..<1000), ("bytes=990-", 990..<1000),
    ("bytes=950-5000", 950..<1000), ("bytes=-5000", 0..<1000),
  ])
  func aRangeIsAnsweredWithThoseBytes(range: String, bytes: Range<Int>) async throws {
    try await TestServer.with { server in
      let response = try await server.send(.GET, path, headers: [("Range", range)])
      #expect(response.status == 206)
      #expect(response.body == TestServer.soloBytes.subdata(in: bytes))
      #expect(response.header("Content-Range") == "bytes \(bytes.lowerBound)-\(bytes.upperBound - 1)/1000")
      #expect(response.header("Content-Length") == String(bytes.count))
      #expect(response.header("Accept-Ranges") == "bytes")
    }
  }

  @Test(arguments: ["bytes=1000-", "bytes=5000-6000", "bytes=-0"])
  func aRangePastTheEndIs416(range: String) async throws {
    try await TestServer.with { server in
      let (problem, response) = try await server.problem(.GET, path, status: 416, headers: [("Range", range)])
      #expect(response.header("Content-Range") == "bytes */1000")
      #expect(problem.detail.contains("1000 bytes"))
    }
  }

  @Test(arguments: ["bytes=0-1,5-6", "items=0-5", "bytes=abc", "bytes=9-2"])
  func severalOrUnreadableRangesGetTheWholeFile(range: String) async throws {
    try await TestServer.with { server in
      let response = try await server.send(.GET, path, headers: [("Range", range)])
      #expect(response.status == 200)
      #expect(response.body == TestServer.soloBytes)
    }
  }

  @Test(arguments: StoreBackend.allCases) func headSendsTheHeadersWithoutTheFile(_ backend: StoreBackend) async throws {
    try await TestServer.with(backend) { server in
      let response = try await server.send(.HEAD, path)
      #expect(response.status == 200)
      #expect(response.body.isEmpty)
      #expect(response.header("Content-Length") == "1000")
      #expect(response.header("Accept-Ranges") == "bytes")
    }
  }

  @Test(arguments: StoreBackend.allCases) func headOfAnUnknownTrackIs404WithoutABody(_ backend: StoreBackend)
    async throws
  {
    try await TestServer.with(backend) { server in
      let response = try await server.send(.HEAD, CatalogAPI.Path.stream(ofTrack: "nope"))
      #expect(response.status == 404)
      #expect(response.body.isEmpty)
    }
  }

  @Test(arguments: StoreBackend.allCases) func anEmptyFileIsServedEmpty(_ backend: StoreBackend) async throws {
    try await TestServer.with(backend) { server in
      let response = try await server.send(.GET, CatalogAPI.Path.stream(ofTrack: "solo-2"))
      #expect(response.status == 200)
      #expect(response.body.isEmpty)
      #expect(response.header("Content-Length") == "0")
    }
  }

  @Test(
    arguments: StoreBackend.allCases,
    [
      ("solo-3", "Track 'solo-3' has no file on this server."),
      ("solo-4", "Track 'solo-4' has no file on this server."),
      ("solo-5", "Track 'solo-5''s file is missing."), ("nope", "No track with ID 'nope' in the catalog."),
    ])
  func onlyARegularFileIsServed(_ backend: StoreBackend, _ expected: (track: String, detail: String)) async throws {
    let (track, detail) = expected
    try await TestServer.with(backend) { server in
      let (problem, _) = try await server.problem(.GET, CatalogAPI.Path.stream(ofTrack: track), status: 404)
      #expect(problem.detail == detail)
    }
  }
}
