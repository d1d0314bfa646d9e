import Domain
import Services
import ServicesTestSupport
import Testing

/// The mock answers like a live catalog: unknown artists are not found, and pages are cut from the tracks.
@Suite(.timeLimit(.minutes(5))) struct MockMusicAPIPagingTests {
  let api = MockMusicAPI()

  @Test func withoutACatalogEveryArtistIsKnown() async throws {
    api.returnTracksWithIds("a")
    #expect(try await api.tracks(ofArtist: "anyone").map(\.id) == ["a"])
    #expect(try await api.relatedArtists(of: "anyone").isEmpty)
  }

  @Test func withACatalogAnArtistOutsideItIsNotFoundEverywhere() async throws {
    api.returnArtists([.fixture(id: "oasis", name: "Oasis")])
    api.returnRelatedArtists([.fixture(id: "blur", name: "Blur")])
    api.returnTracks([.fixture(id: "p1")], forArtist: "pulp")
    api.returnTracksWithIds("a")
    for known: Artist.ID in ["oasis", "blur", "pulp"] {
      _ = try await api.tracks(ofArtist: known)
      _ = try await api.relatedArtists(of: known)
    }
    await #expect(throws: MusicAPIError.artistNotFound("nobody")) { try await api.tracks(ofArtist: "nobody") }
    await #expect(throws: MusicAPIError.artistNotFound("nobody")) {
      try await api.tracks(ofArtist: "nobody", page: TrackPageRequest())
    }
    await #expect(throws: MusicAPIError.artistNotFound("nobody")) { try await api.relatedArtists(of: "nobody") }
  }

  @Test func aPageIsCutFromTheTracksInItsOrderAndRecorded() async throws {
    api.returnTracks([
      .fixture(id: "a", title: "b", popularity: 1), .fixture(id: "b", title: "A", popularity: 3),
      .fixture(id: "c", title: "c", popularity: 3),
    ])
    let page = try await api.tracks(ofArtist: "x", page: TrackPageRequest(offset: 1, limit: 5, order: .popular))
    #expect(
      page
        == TrackPage(
          tracks: [.fixture(id: "c", title: "c", popularity: 3), .fixture(id: "a", title: "b", popularity: 1)],
          offset: 1, total: 3))
    #expect(api.requestedTrackPages == [TrackPageRequest(offset: 1, limit: 5, order: .popular)])
    #expect(api.requestedArtistIDs == ["x"])
  }

  @Test func aPageHoldAndAPageFailureMeetOnlyTheirPage() async throws {
    api.returnTracksWithIds("a", "b", "c")
    let hold = api.holdTrackPage(startingAt: 1)
    api.failTrackPage(startingAt: 2, with: .unavailable(reason: "gone"))
    #expect(try await api.tracks(ofArtist: "x", page: TrackPageRequest(offset: 0, limit: 1)).tracks.map(\.id) == ["a"])
    let held = Task { try await api.tracks(ofArtist: "x", page: TrackPageRequest(offset: 1, limit: 1)) }
    await hold.waitUntilReached()
    await #expect(throws: MusicAPIError.unavailable(reason: "gone")) {
      try await api.tracks(ofArtist: "x", page: TrackPageRequest(offset: 2, limit: 1))
    }
    hold.release()
    #expect(try await held.value.tracks.map(\.id) == ["b"])
    #expect(try await api.tracks(ofArtist: "x", page: TrackPageRequest(offset: 2, limit: 1)).tracks.map(\.id) == ["c"])
  }
}
