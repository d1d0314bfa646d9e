import Foundation
import ServicesRemote
import Testing

struct RemoteServicesSetupTests {
  @Test(arguments: [
    "ftp://127.0.0.1:8080", "file:///tmp/catalog", "http://", "http://127.0.0.1:8080?x=1", "http://h/#top",
  ])
  func anAddressThatIsNotAnHTTPServerIsRefusedInOneLine(text: String) throws {
    let url = try #require(URL(string: text))
    #expect(throws: RemoteSetupError.invalidServerURL(url.absoluteString)) { try RemoteServices(baseURL: url) }
    let description = RemoteSetupError.invalidServerURL(url.absoluteString).description
    #expect(!description.contains { $0.isNewline })
  }

  @Test func theServerIsNamedWithoutTrailingSlashes() throws {
    let services = try RemoteServices(baseURL: try #require(URL(string: "HTTP://127.0.0.1:8080//")))
    #expect(services.serverName == "HTTP://127.0.0.1:8080")
  }
}
