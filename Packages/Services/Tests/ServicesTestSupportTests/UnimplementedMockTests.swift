import Domain
import Services
import ServicesTestSupport
import Testing

/// Mocks made with `unimplemented()` fail the test on a call it did not set up, and answer the calls it did.
@Suite(.timeLimit(.minutes(5))) struct UnimplementedMockTests {
  @Test func aMusicAPICallTheTestDidNotSetUpFailsTheTestAndThrows() async {
    let musicAPI = MockMusicAPI.unimplemented()
    musicAPI.returnTracksWithTitles(["Wonderwall"])
    await withKnownIssue {
      await #expect(throws: MusicAPIError.unavailable(reason: "relatedArtists(of: oasis) was not set up in this test"))
      {
        try await musicAPI.relatedArtists(of: "oasis")
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("MockMusicAPI received relatedArtists(of: oasis)") }
    }
    #expect(musicAPI.calls == [.relatedArtists(of: "oasis")], "the call is recorded all the same")
  }

  @Test func aMusicAPIEndpointTheTestSetUpAnswersWithoutAnIssue() async throws {
    let musicAPI = MockMusicAPI.unimplemented()
    musicAPI.returnTracksWithTitles(["Wonderwall"])
    musicAPI.returnArtists([.fixture(id: "oasis", name: "Oasis")])
    musicAPI.failCalls(to: .relatedArtists, with: .unavailable(reason: "down"))
    #expect(try await musicAPI.tracks(ofArtist: "oasis").map(\.title) == ["Wonderwall"])
    #expect(try await musicAPI.tracks(withIDs: ["Wonderwall"]).count == 1)
    #expect(try await musicAPI.allArtists().map(\.id) == ["oasis"])
    await #expect(throws: MusicAPIError.unavailable(reason: "down")) { try await musicAPI.relatedArtists(of: "oasis") }
  }

  @Test func expectingCallsToAnEndpointAnswersThemWithNothingSet() async throws {
    let musicAPI = MockMusicAPI.unimplemented()
    musicAPI.expectCalls(to: .relatedArtists, .artists)
    #expect(try await musicAPI.relatedArtists(of: "oasis") == [])
    #expect(try await musicAPI.allArtists() == [])
  }

  @Test func aPlaylistAPICallBeforeTheTestSetsItUpFailsTheTestAndThrows() async throws {
    let playlistAPI = MockPlaylistAPI.unimplemented()
    await withKnownIssue {
      await #expect(throws: PlaylistAPIError.unavailable(reason: #"playlist(withID: "p") was not set up in this test"#))
      {
        try await playlistAPI.playlist(withID: "p")
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("MockPlaylistAPI received playlist(withID: \"p\")") }
    }
    playlistAPI.returnPlaylistsWithName(["Britpop"])
    #expect(try await playlistAPI.playlists(featuring: "oasis").map(\.name) == ["Britpop"])
  }

  @Test func mocksMadeTheSeedsWayAnswerEveryCall() async throws {
    #expect(try await MockMusicAPI().relatedArtists(of: "oasis") == [])
    #expect(try await MockPlaylistAPI().playlists(featuring: "oasis") == [])
  }

  @Test func anEndpointSetUpOnlyByAFailureIsUnimplementedAgainOnceItIsUsedUp() async {
    let musicAPI = MockMusicAPI.unimplemented()
    musicAPI.failNextCalls(1, with: .unavailable(reason: "down"))
    await #expect(throws: MusicAPIError.unavailable(reason: "down")) { try await musicAPI.allArtists() }
    await withKnownIssue {
      _ = try? await musicAPI.allArtists()
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("MockMusicAPI received allArtists") }
    }
    let playlistAPI = MockPlaylistAPI.unimplemented()
    playlistAPI.failCalls(with: .unavailable(reason: "down"))
    await #expect(throws: PlaylistAPIError.unavailable(reason: "down")) { try await playlistAPI.playlist(withID: "p") }
    playlistAPI.stopFailingCalls()
    await withKnownIssue {
      _ = try? await playlistAPI.playlist(withID: "p")
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("MockPlaylistAPI received playlist(withID:") }
    }
  }
}
