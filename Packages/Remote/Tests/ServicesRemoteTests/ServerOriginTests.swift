import Foundation
import Testing

@testable import ServicesRemote

/// Which redirects keep the token on the configured server: the same scheme, host and port only.
struct ServerOriginTests {
  private let secure = ServerOrigin(URL(string: "https://music.example:443/")!)!

  @Test func aRedirectFromHTTPSToHTTPOnTheSameHostIsRefusedAsADowngrade() {
    #expect(
      secure.refusal(ofRedirectTo: URL(string: "http://music.example/v1/artists")!)
        == "the server redirected to http://music.example/v1/artists, from https to http: refused, "
        + "the token is never sent in clear")
  }

  @Test func theDefaultPortAndTheHostsCaseMakeNoOtherOrigin() {
    #expect(secure.refusal(ofRedirectTo: URL(string: "https://MUSIC.example/v1/artists")!) == nil)
    #expect(secure.refusal(ofRedirectTo: URL(string: "https://music.example:443/v1")!) == nil)
  }

  @Test func anotherPortHostOrSchemeIsAnotherOrigin() {
    for target in ["https://music.example:8443/", "https://cdn.example/", "ftp://music.example/"] {
      #expect(secure.refusal(ofRedirectTo: URL(string: target)!) != nil, "\(target)")
    }
    #expect(secure.refusal(ofRedirectTo: URL(string: "file:///etc/passwd")!)?.contains("not an http or https") == true)
  }
}
