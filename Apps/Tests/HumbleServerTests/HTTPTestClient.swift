import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// A response as the tests read it.
struct HTTPTestResponse: Sendable {
  var status: Int
  var headers: HTTPHeaders
  var body: Data

  var text: String { String(decoding: body, as: UTF8.self) }

  func header(_ name: String) -> String? { headers.first(name: name) }
}

/// A plain HTTP/1.1 client over a real loopback connection (SwiftNIO), one connection per request, so the
/// tests send exactly the bytes they mean to (long targets, odd methods, HEAD) and can read a feed as it
/// arrives.
struct HTTPTestClient: Sendable {
  let url: URL

  private var host: String { url.host ?? "127.0.0.1" }
  private var port: Int { url.port ?? 80 }

  /// Sends a request and reads the whole response.
  func send(
    _ method: HTTPMethod = .GET, _ target: String, headers: [(String, String)] = [], body: Data? = nil
  ) async throws -> HTTPTestResponse {
    let channel = try await connect()
    return try await channel.executeThenClose { inbound, outbound in
      try await Self.write(method, target, headers: headers, body: body, host: "\(host):\(port)", to: outbound)
      var response = HTTPTestResponse(status: 0, headers: [:], body: Data())
      for try await part in inbound {
        switch part {
        case .head(let head):
          response.status = Int(head.status.code)
          response.headers = head.headers
        case .body(let buffer):
          response.body.append(contentsOf: buffer.readableBytesView)
        case .end:
          return response
        }
      }
      return response
    }
  }

  /// Opens a request whose response body is read as it arrives: `lines` yields its text line by line.
  func stream(_ target: String, headers: [(String, String)] = []) async throws -> HTTPTestStream {
    let channel = try await connect()
    let (lines, continuation) = AsyncThrowingStream<String, any Error>.makeStream()
    let (head, headContinuation) = AsyncThrowingStream<HTTPResponseHead, any Error>.makeStream()
    let host = "\(host):\(port)"
    let reading = Task {
      do {
        try await channel.executeThenClose { inbound, outbound in
          try await Self.write(.GET, target, headers: headers, body: nil, host: host, to: outbound)
          var pending = ""
          for try await part in inbound {
            switch part {
            case .head(let response):
              headContinuation.yield(response)
              headContinuation.finish()
            case .body(let buffer):
              pending += String(buffer: buffer)
              while let newline = pending.firstIndex(of: "\n") {
                continuation.yield(String(pending[..<newline]))
                pending = String(pending[pending.index(after: newline)...])
              }
            case .end:
              continuation.finish()
              return
            }
          }
          continuation.finish()
        }
      } catch {
        headContinuation.finish(throwing: error)
        continuation.finish(throwing: error)
      }
    }
    var heads = head.makeAsyncIterator()
    guard let response = try await heads.next() else { throw TestClientError.noResponse }
    return HTTPTestStream(status: Int(response.status.code), headers: response.headers, lines: lines, reading: reading)
  }

  private func connect() async throws -> NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart> {
    // Patient, like the tests' PostgreSQL connections: under Thread Sanitizer on a loaded 2-core machine, a
    // loopback connection has taken over NIO's default 10 s (a CI run failed on it).
    try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .connectTimeout(.seconds(120))
      .connect(host: host, port: port) { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHTTPClientHandlers()
          return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(
            wrappingChannelSynchronously: channel)
        }
      }
  }

  private static func write(
    _ method: HTTPMethod, _ target: String, headers: [(String, String)], body: Data?, host: String,
    to outbound: NIOAsyncChannelOutboundWriter<HTTPClientRequestPart>
  ) async throws {
    var fields = HTTPHeaders([("Host", host), ("Connection", "close")])
    for (name, value) in headers { fields.replaceOrAdd(name: name, value: value) }
    if let body { fields.replaceOrAdd(name: "Content-Length", value: String(body.count)) }
    // One write, so one flush: a server may answer a GET as soon as it has the head, and close the connection
    // (`Connection: close`) before a later write of the end, which would then fail.
    var parts: [HTTPClientRequestPart] = [
      .head(HTTPRequestHead(version: .http1_1, method: method, uri: target, headers: fields))
    ]
    if let body { parts.append(.body(.byteBuffer(ByteBuffer(bytes: body)))) }
    parts.append(.end(nil))
    try await outbound.write(contentsOf: parts)
  }
}

/// A response being read as it arrives.
struct HTTPTestStream: Sendable {
  var status: Int
  var headers: HTTPHeaders
  var lines: AsyncThrowingStream<String, any Error>
  var reading: Task<Void, Never>

  /// The next line that is neither empty nor a comment (an event stream's keep-alive, which a server sends
  /// whenever the stream has been quiet for its interval: under a sanitizer on a loaded machine, a test can be
  /// that slow between two events); nil when the response has ended.
  func nextLine(where condition: (String) -> Bool = { !$0.isEmpty && !$0.hasPrefix(":") }) async throws -> String? {
    for try await line in lines where condition(line) { return line }
    return nil
  }

  /// Closes the connection.
  func close() { reading.cancel() }
}

enum TestClientError: Error {
  case noResponse
}
