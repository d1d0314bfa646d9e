import Foundation
import Testing

@testable import ServicesLive

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite struct HTTPResumptionTests {
  func response(_ headers: [String: String]) throws -> HTTPURLResponse {
    try #require(
      HTTPURLResponse(
        url: URL(string: "http://127.0.0.1/song.wav")!, statusCode: 200, httpVersion: "HTTP/1.1",
        headerFields: headers))
  }

  @Test("Only a response announcing byte ranges can be resumed")
  func onlyByteRangesResume() throws {
    #expect(HTTPResumption(try response(["Content-Length": "10"])) == nil)
    #expect(HTTPResumption(try response(["Accept-Ranges": "none"])) == nil)
    let resumption = HTTPResumption(try response(["accept-ranges": "bytes", "Content-Length": "10"]))
    #expect(resumption == HTTPResumption(validator: nil, totalLength: 10))
  }

  @Test("If-Range carries a strong ETag, else Last-Modified: a weak ETag would always resend the whole body")
  func validatorIsStrong() throws {
    let strong = ["Accept-Ranges": "bytes", "ETag": "\"a\"", "Last-Modified": "Sun, 22 Nov 2026 10:00:00 GMT"]
    #expect(HTTPResumption(try response(strong))?.validator == "\"a\"")
    let weak = ["Accept-Ranges": "bytes", "ETag": "W/\"a\"", "Last-Modified": "Sun, 22 Nov 2026 10:00:00 GMT"]
    #expect(HTTPResumption(try response(weak))?.validator == "Sun, 22 Nov 2026 10:00:00 GMT")
  }

  @Test(
    "A Content-Range is read only when well formed",
    arguments: [
      ("bytes 10-49/50", ContentRange?.some(ContentRange(first: 10, last: 49, total: 50))),
      ("bytes 10-49/*", ContentRange(first: 10, last: 49, total: nil)),
      ("bytes 10-49/49", nil), ("bytes 49-10/50", nil), ("bytes */50", nil), ("items 1-2/3", nil), ("", nil),
    ])
  func contentRange(value: String, expected: ContentRange?) {
    #expect(ContentRange(value) == expected)
  }
}
