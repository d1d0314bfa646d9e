import Foundation
import SeededRandomness
import Testing

@testable import ServicesRemote

/// The stream URLs the client accepts without Foundation's parser are URLs Foundation reads as http or https.
@Suite struct PlainHTTPURLTests {
  @Test(arguments: [
    "http://127.0.0.1:8080/v1/tracks/artist-0001-000001/stream", "https://music.example.com/v1/tracks/a%2Fb/stream",
    "http://h/", "HTTP://ignored".lowercased() + "/x", "http://h:65535/a:b@c!$&'()*+,;=~_.-",
  ])
  func aServersStreamURLIsPlain(text: String) {
    #expect(PlainHTTPURL.matches(text))
  }

  @Test(arguments: [
    "file:///etc/passwd", "ftp://h/x", "HTTP://h/x", "http://h", "http:///x", "http://h:65536/x", "http://h:/x",
    "http://[::1]/x", "http://h/a b", "http://h/%zz", "http://h/%4", "http://h/x?q=1", "http://h/x#f",
    "http://user@h/x", "http://h/é", "",
  ])
  func anythingElseIsLeftToTheParser(text: String) {
    #expect(!PlainHTTPURL.matches(text))
  }

  @Test func everyPlainTextIsAURLWhoseSchemeIsHTTPOrHTTPS() {
    var random = SeededRandom(seed: 24)
    func pick(_ pieces: [String]) -> String { pieces[Int(random.next() % UInt64(pieces.count))] }
    let hosts = ["h", "H", "0", "9", ".", "-", "_", "~", "%41", "[", "]", "é", "@", ":", ""]
    let ports = ["", ":", ":0", ":80", ":65535", ":65536", ":00080", ":x", "::"]
    let paths = [
      "a", "Z", "0", ".", "-", "_", "~", ":", "/", "@", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=", "%2F",
      "%aF", "..", "//",
    ]
    let wrongInPaths = ["%", "%g0", "[", "]", "?", "#", " ", "é", "\u{0}", "\\"]
    var plain = 0
    for _ in 0..<200_000 {
      // Mostly the shape's parts, each now and then wrong: near misses on every side of the shape.
      var text = pick(["http://", "https://", "http:/", "Http://", "", "file://"])
      for _ in 0..<Int(random.next() % 4) { text += pick(hosts) }
      text += pick(ports)
      text += pick(["/", "/", "/", "", "?"])
      for _ in 0..<Int(random.next() % 8) { text += pick(random.next() % 16 == 0 ? wrongInPaths : paths) }
      guard PlainHTTPURL.matches(text) else { continue }
      plain += 1
      let url = URL(string: text)
      #expect(url != nil && ["http", "https"].contains(url?.scheme ?? ""), "\(text)")
    }
    #expect(plain > 2_000, "the texts reach the plain shape often enough to test it")
  }
}
