import Domain
import Presentation
import Services
import ServicesTestSupport
import Testing

@Suite struct WorkspaceTests {
  @Test func theMocksAndThePresentationLayerComposeAcrossPackages() async throws {
    let api = MockMusicAPI()
    api.returnTracks([.fixture(id: "long", duration: 3723)])
    let tracks = try await api.tracks(ofArtist: "artist")
    #expect(tracks.map { DurationText.string(from: $0.duration) } == ["1:02:03"])
  }
}
