import Domain
import Services
import ServicesTestSupport
import Testing

@Suite(.timeLimit(.minutes(5))) struct MockMusicAPITests {
  let api = MockMusicAPI()

  @Test func tracksWithIdsAreReturnedInOrderForAnyArtist() async throws {
    api.returnTracksWithIds(["a", "b", "c"])
    let tracks = try await api.tracks(ofArtist: "oasis")
    #expect(tracks.map(\.id) == ["a", "b", "c"])
    #expect(api.requestedArtistIDs == ["oasis"])
  }

  @Test func tracksWithTitlesGetTheirTitlesAsDistinctIDs() async throws {
    api.returnTracksWithTitles(["Wonderwall", "Hello", "Hello"])
    let tracks = try await api.tracks(ofArtist: "oasis")
    #expect(tracks.map(\.title) == ["Wonderwall", "Hello", "Hello"])
    #expect(tracks.map(\.id) == ["Wonderwall", "Hello", "Hello-2"])
  }

  @Test func tracksConfiguredForOneArtistTakePrecedenceOverTheDefault() async throws {
    api.returnTracksWithIds("x")
    api.returnTracks([.fixture(id: "blur-1", artistID: "blur")], forArtist: "blur")
    #expect(try await api.tracks(ofArtist: "blur").map(\.id) == ["blur-1"])
    #expect(try await api.tracks(ofArtist: "oasis").map(\.id) == ["x"])
    #expect(api.requestedArtistIDs == ["blur", "oasis"])
  }

  @Test func relatedArtistsWithNamesAreReturnedInOrder() async throws {
    api.returnRelatedArtistsWithNames("Blur", "Pulp")
    let related = try await api.relatedArtists(of: "oasis")
    #expect(related.map(\.name) == ["Blur", "Pulp"])
    #expect(try await api.artist(withID: "Pulp").name == "Pulp")
    #expect(api.calls == [.relatedArtists(of: "oasis"), .artist(withID: "Pulp")])
  }

  @Test func anUnknownArtistIsNotFound() async {
    await #expect(throws: MusicAPIError.artistNotFound("nobody")) {
      try await api.artist(withID: "nobody")
    }
  }

  @Test func artistSearchIgnoresCaseAndDiacritics() async throws {
    api.returnArtists([.fixture(id: "1", name: "Sigur Rós"), .fixture(id: "2", name: "Röyksopp"), .fixture(id: "3")])
    #expect(try await api.artists(matching: "ROS").map(\.id) == ["1"])
    #expect(try await api.artists(matching: "royk").map(\.id) == ["2"])
    #expect(try await api.allArtists().count == 3)
  }

  @Test func failingCallsThrowTheGivenErrorUntilStopped() async throws {
    api.returnTracksWithIds("a")
    api.failCalls(to: .tracks, with: .unavailable(reason: "offline"))
    await #expect(throws: MusicAPIError.unavailable(reason: "offline")) {
      try await api.tracks(ofArtist: "oasis")
    }
    #expect(try await api.relatedArtists(of: "oasis").isEmpty)
    api.stopFailingCalls()
    #expect(try await api.tracks(ofArtist: "oasis").map(\.id) == ["a"])
    #expect(api.requestedArtistIDs == ["oasis", "oasis"])
  }

  @Test func failingEveryEndpointFailsEveryCall() async {
    api.failCalls(with: .unavailable(reason: "down"))
    await #expect(throws: MusicAPIError.unavailable(reason: "down")) { try await api.allArtists() }
    await #expect(throws: MusicAPIError.unavailable(reason: "down")) { try await api.relatedArtists(of: "x") }
  }

  @Test func countedFailuresFailOnlyTheNextCallsThenTheFaultClears() async throws {
    api.returnTracksWithIds("a")
    api.failNextCalls(2, to: .tracks, with: .unavailable(reason: "flaky"))
    #expect(try await api.relatedArtists(of: "oasis").isEmpty, "another endpoint is not affected")
    for _ in 0..<2 {
      await #expect(throws: MusicAPIError.unavailable(reason: "flaky")) { try await api.tracks(ofArtist: "oasis") }
    }
    #expect(try await api.tracks(ofArtist: "oasis").map(\.id) == ["a"])
    #expect(api.requestedArtistIDs == ["oasis", "oasis", "oasis"])
  }

  @Test func countedFailuresForAnyEndpointQueueUpAndStopFailingForgetsThem() async throws {
    api.failNextCalls(1, with: .unavailable(reason: "first"))
    api.failNextCalls(1, with: .unavailable(reason: "second"))
    api.failNextCalls(5, with: .unavailable(reason: "third"))
    await #expect(throws: MusicAPIError.unavailable(reason: "first")) { try await api.allArtists() }
    await #expect(throws: MusicAPIError.unavailable(reason: "second")) { try await api.relatedArtists(of: "x") }
    await #expect(throws: MusicAPIError.unavailable(reason: "third")) { try await api.tracks(ofArtist: "x") }
    api.stopFailingCalls()
    #expect(try await api.allArtists().isEmpty)
  }

  @Test func aDelayedCallStillAnswersAndUndelayingAnswersAtOnce() async throws {
    api.returnTracksWithIds("a")
    api.failNextCalls(1, to: .relatedArtists, with: .unavailable(reason: "slow and broken"))
    api.delayAnswers(by: .milliseconds(5))
    #expect(try await api.tracks(ofArtist: "oasis").map(\.id) == ["a"])
    await #expect(throws: MusicAPIError.unavailable(reason: "slow and broken")) {
      try await api.relatedArtists(of: "x")
    }
    api.delayAnswers(by: nil)
    #expect(try await api.tracks(ofArtist: "oasis").map(\.id) == ["a"])
  }

  @Test func aDelayedCallWhoseTaskIsCancelledThrowsCancelled() async {
    api.returnTracksWithIds("a")
    api.delayAnswers(by: .seconds(3600))
    let call = Task { try await api.tracks(ofArtist: "x") }
    call.cancel()
    await #expect(throws: MusicAPIError.cancelled) { try await call.value }
  }

  @Test func aHeldCallAnswersWithWhatWasConfiguredWhenItWasMadeOnceReleased() async throws {
    api.returnTracksWithIds("old")
    let hold = api.holdNextCall(to: .tracks)
    let first = Task { try await api.tracks(ofArtist: "oasis") }
    await hold.waitUntilReached()
    #expect(hold.isReached)
    api.returnTracksWithIds("new")
    #expect(try await api.tracks(ofArtist: "oasis").map(\.id) == ["new"])
    hold.release()
    #expect(try await first.value.map(\.id) == ["old"])
  }

  @Test func aHoldReleasedBeforeTheCallLetsItPassStraightThrough() async throws {
    api.returnTracksWithIds("a")
    let hold = api.holdNextCall()
    hold.release()
    #expect(try await api.tracks(ofArtist: "x").map(\.id) == ["a"])
    #expect(hold.isReached)
  }
}

@Suite(.timeLimit(.minutes(5))) struct HeldCallCancellationTests {
  @Test func aHeldCallWhoseTaskIsCancelledThrowsCancelledWithoutARelease() async {
    let api = MockMusicAPI()
    api.returnTracksWithIds("a")
    let hold = api.holdNextCall()
    let call = Task { try await api.tracks(ofArtist: "x") }
    await hold.waitUntilReached()
    call.cancel()
    await #expect(throws: MusicAPIError.cancelled) { try await call.value }
  }
}
