import Foundation
import HumbleSupportTesting
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(5)))
struct LoopbackHTTPServerTests {
  @Test func aRequestReachesTheHandlerParsedAndItsAnswerReachesTheClient() async throws {
    let server = try LoopbackHTTPServer { request, connection in
      let text = "\(request.method) \(request.segments) \(request.query["q"] ?? "") \(request.headers["x-test"] ?? "")"
      connection.respond(status: 200, contentType: "text/plain", body: Data(text.utf8))
    }
    var request = URLRequest(url: server.url("/a/b%20c?q=d%26e"))
    request.setValue("yes", forHTTPHeaderField: "X-Test")
    let (data, response) = try await URLSession.shared.data(for: request)
    #expect((response as? HTTPURLResponse)?.statusCode == 200)
    #expect(String(decoding: data, as: UTF8.self) == #"GET ["a", "b c"] d&e yes"#)
  }

  @Test func aPostedBodyArrivesWhole() async throws {
    let server = try LoopbackHTTPServer { request, connection in
      connection.respond(status: 201, contentType: nil, body: request.body)
    }
    var request = URLRequest(url: server.baseURL.appendingPathComponent("echo"))
    request.httpMethod = "POST"
    request.httpBody = Data(repeating: 7, count: 100_000)
    let (data, response) = try await URLSession.shared.data(for: request)
    #expect((response as? HTTPURLResponse)?.statusCode == 201)
    #expect(data == Data(repeating: 7, count: 100_000))
  }

  @Test func nothingListensOnAClosedPort() async throws {
    let port = try LoopbackHTTPServer.closedPort()
    await #expect(throws: (any Error).self) {
      _ = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/")!)
    }
  }
}
