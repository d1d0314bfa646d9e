import Domain
import Foundation
import Services
import Testing

/// Every ``MusicAPI`` and ``PlaylistAPI`` implementation answers the same questions about the same catalog
/// with the same answers and the same errors.
///
/// The mocks stand in for the live services in every other package's tests; the remote services stand in for
/// the database over a network. Each test runs against every ``CatalogFixture/Implementation``.
@Suite(.timeLimit(.minutes(5))) struct CatalogContractTests {
  typealias Implementation = CatalogFixture.Implementation

  // MARK: Artists

  @Test(arguments: Implementation.allCases)
  func allArtistsAreOrderedByNameIgnoringCaseAndAccents(_ implementation: Implementation) async throws {
    let api = try await CatalogFixture.make(implementation).musicAPI
    #expect(try await api.allArtists().map(\.id) == ["aurora", "bjork", "oasis", "sigur", "quiet"])
    #expect(try await api.allArtists().first { $0.id == "bjork" } == CatalogFixture.artists[0])
  }

  @Test(arguments: Implementation.allCases)
  func searchIgnoresCaseAndDiacriticsAndListsByName(_ implementation: Implementation) async throws {
    let api = try await CatalogFixture.make(implementation).musicAPI
    #expect(try await api.artists(matching: "BJÖRK").map(\.id) == ["bjork"])
    #expect(try await api.artists(matching: "bjork").map(\.id) == ["bjork"])
    #expect(try await api.artists(matching: "rós").map(\.id) == ["sigur"])
    #expect(try await api.artists(matching: "O").map(\.id) == ["aurora", "bjork", "oasis", "sigur", "quiet"])
    #expect(try await api.artists(matching: "").map(\.id) == ["aurora", "bjork", "oasis", "sigur", "quiet"])
    #expect(try await api.artists(matching: "zzz").isEmpty)
    #expect(try await api.artists(matching: "bj\u{0}").isEmpty)
    #expect(try await api.artists(matching: "%").isEmpty, "no character is a wildcard")
  }

  @Test(arguments: Implementation.allCases)
  func aQueryLongerThanTheServersLimitAnswersAsTheCatalogDoes(_ implementation: Implementation) async throws {
    let api = try await CatalogFixture.make(implementation).musicAPI
    // 305 code points in 5 characters: the server counts code points, as its document's maxLength does.
    #expect(try await api.artists(matching: "Björk" + String(repeating: "\u{0301}", count: 300)).map(\.id) == ["bjork"])
    #expect(try await api.artists(matching: String(repeating: "o", count: 250)).isEmpty)
    #expect(try await api.artists(matching: "Sigur R" + String(repeating: "o\u{0301}", count: 120)).isEmpty)
  }

  @Test(arguments: Implementation.allCases)
  func anArtistIsFoundByIDAndAnUnknownOneIsNot(_ implementation: Implementation) async throws {
    let api = try await CatalogFixture.make(implementation).musicAPI
    #expect(try await api.artist(withID: "sigur") == CatalogFixture.artists[1])
    await #expect(throws: MusicAPIError.artistNotFound("nobody")) { try await api.artist(withID: "nobody") }
    await #expect(throws: MusicAPIError.artistNotFound("a\u{0}b")) { try await api.artist(withID: "a\u{0}b") }
  }

  @Test(arguments: Implementation.allCases)
  func relatedArtistsComeMostRelatedFirstAndAnUnknownArtistHasNone(_ implementation: Implementation) async throws {
    let api = try await CatalogFixture.make(implementation).musicAPI
    #expect(try await api.relatedArtists(of: "bjork").map(\.id) == ["sigur", "aurora"])
    #expect(try await api.relatedArtists(of: "sigur").map(\.id) == ["bjork"])
    #expect(try await api.relatedArtists(of: "quiet").isEmpty)
    await #expect(throws: MusicAPIError.artistNotFound("nobody")) { try await api.relatedArtists(of: "nobody") }
  }

  // MARK: Tracks

  @Test(arguments: Implementation.allCases)
  func tracksComeInCatalogOrderAndAnUnknownArtistIsNotFound(_ implementation: Implementation) async throws {
    let api = try await CatalogFixture.make(implementation).musicAPI
    #expect(try await api.tracks(ofArtist: "bjork") == CatalogFixture.tracks(of: "bjork"))
    #expect(try await api.tracks(ofArtist: "quiet").isEmpty)
    await #expect(throws: MusicAPIError.artistNotFound("nobody")) { try await api.tracks(ofArtist: "nobody") }
    await #expect(throws: MusicAPIError.artistNotFound("nobody")) {
      try await api.tracks(ofArtist: "nobody", page: TrackPageRequest())
    }
  }

  @Test(arguments: Implementation.allCases)
  func tracksByIdentifierComeInTheOrderAskedOnceEachWithoutUnknownOnes(_ implementation: Implementation)
    async throws
  {
    let api = try await CatalogFixture.make(implementation).musicAPI
    let byID = Dictionary(uniqueKeysWithValues: CatalogFixture.tracks.map { ($0.id, $0) })
    let asked: [Track.ID] = ["o2", "nobody", "b6", "o2", "s1", "a\u{0}b", ""]
    #expect(try await api.tracks(withIDs: asked) == ["o2", "b6", "s1"].map { byID[$0]! })
    #expect(try await api.tracks(withIDs: []).isEmpty)
    let all = CatalogFixture.tracks.map(\.id).reversed()
    #expect(try await api.tracks(withIDs: Array(all)).map(\.id) == Array(all))
  }

  /// Björk's tracks in every order: ties (popularity, length, date, titles differing only in case or accents)
  /// keep the catalog's order.
  static let orders: [(TrackOrder, [Track.ID])] = [
    (.catalog, ["b1", "b2", "b3", "b4", "b5", "b6", "b7"]),
    (.title, ["b3", "b6", "b7", "b5", "b1", "b2", "b4"]),
    (.titleDescending, ["b1", "b2", "b4", "b5", "b7", "b3", "b6"]),
    (.popular, ["b3", "b6", "b1", "b2", "b5", "b4", "b7"]),
    (.newest, ["b3", "b4", "b1", "b5", "b7", "b2", "b6"]),
    (.longest, ["b1", "b4", "b5", "b7", "b2", "b3", "b6"]),
    (.shortest, ["b6", "b2", "b3", "b5", "b7", "b1", "b4"]),
  ]

  @Test(arguments: Implementation.allCases)
  func everyOrderListsTheSameTracksInPagesThatNeitherOverlapNorSkip(_ implementation: Implementation) async throws {
    let api = try await CatalogFixture.make(implementation).musicAPI
    #expect(Set(Self.orders.map(\.0)) == Set(TrackOrder.allCases))
    for (order, expected) in Self.orders {
      let whole = try await api.tracks(ofArtist: "bjork", page: TrackPageRequest(offset: 0, limit: 100, order: order))
      #expect(whole.tracks.map(\.id) == expected, "\(order)")
      #expect(whole.total == 7 && whole.offset == 0 && whole.nextOffset == nil)
      var paged: [Track] = []
      var offset: Int? = 0
      while let next = offset {
        let page = try await api.tracks(ofArtist: "bjork", page: TrackPageRequest(offset: next, limit: 3, order: order))
        #expect(page.offset == next && page.total == 7)
        paged += page.tracks
        offset = page.nextOffset
      }
      #expect(paged == whole.tracks, "\(order) in pages of 3")
      var walked: [Track] = []
      var request = TrackPageRequest(offset: 0, limit: 2, order: order)
      while true {
        let page = try await api.tracks(ofArtist: "bjork", page: request)
        walked += page.tracks
        guard let cursor = page.nextCursor else { break }
        request = TrackPageRequest(after: cursor, offset: walked.count, limit: 2)
      }
      #expect(walked == whole.tracks, "\(order) in pages of 2, each after the last one's cursor")
    }
  }

  @Test(arguments: Implementation.allCases)
  func pageEdgesAnswerAlike(_ implementation: Implementation) async throws {
    let api = try await CatalogFixture.make(implementation).musicAPI
    let bjork = CatalogFixture.tracks(of: "bjork")
    let last = try await api.tracks(ofArtist: "bjork", page: TrackPageRequest(offset: 6, limit: 3))
    #expect(last == TrackPage(tracks: [bjork[6]], offset: 6, total: 7))
    #expect(last.nextOffset == nil)
    let atEnd = try await api.tracks(ofArtist: "bjork", page: TrackPageRequest(offset: 7, limit: 3))
    #expect(atEnd == TrackPage(tracks: [], offset: 7, total: 7))
    let pastEnd = try await api.tracks(ofArtist: "bjork", page: TrackPageRequest(offset: 1_000_000, limit: 3))
    #expect(pastEnd == TrackPage(tracks: [], offset: 1_000_000, total: 7))
    let tooLong = TrackPageRequest(offset: 0, limit: TrackPageRequest.maximumLimit + 1)
    #expect(tooLong.limit == TrackPageRequest.maximumLimit)
    #expect(try await api.tracks(ofArtist: "bjork", page: tooLong) == TrackPage(tracks: bjork, offset: 0, total: 7))
    let negative = TrackPageRequest(offset: -5, limit: 0)
    var first = try await api.tracks(ofArtist: "bjork", page: negative)
    // A cursor is the implementation's own (a catalog's sort value and position); every one hands one out.
    let cursor = try #require(first.nextCursor)
    first.nextCursor = nil
    #expect(first == TrackPage(tracks: [bjork[0]], offset: 0, total: 7))
    let second = try await api.tracks(ofArtist: "bjork", page: TrackPageRequest(after: cursor, offset: 1, limit: 1))
    #expect(second.tracks == [bjork[1]] && second.offset == 1 && second.nextOffset == 2)
    let empty = try await api.tracks(ofArtist: "quiet", page: TrackPageRequest(order: .popular))
    #expect(empty == TrackPage(tracks: [], offset: 0, total: 0))
    #expect(empty.nextOffset == nil)
  }

  // MARK: Playlists

  @Test(arguments: Implementation.allCases)
  func playlistsFeaturingAnArtistAreOrderedByNameAndAnUnknownArtistHasNone(
    _ implementation: Implementation
  ) async throws {
    let api = try await CatalogFixture.make(implementation).playlistAPI
    #expect(try await api.playlists(featuring: "bjork").map(\.id) == ["p-mix", "p-ice"])
    #expect(try await api.playlists(featuring: "oasis").map(\.id) == ["p-brit", "p-mix"])
    #expect(try await api.playlists(featuring: "bjork").first == CatalogFixture.playlists[0])
    #expect(try await api.playlists(featuring: "quiet").isEmpty)
    #expect(try await api.playlists(featuring: "nobody").isEmpty)
    #expect(try await api.playlists(featuring: "a\u{0}b").isEmpty)
  }

  @Test(arguments: Implementation.allCases)
  func aPlaylistIsFoundByIDWithItsTracksAndAnUnknownOneIsNot(_ implementation: Implementation) async throws {
    let api = try await CatalogFixture.make(implementation).playlistAPI
    #expect(try await api.playlist(withID: "p-ice") == CatalogFixture.playlists[1])
    await #expect(throws: PlaylistAPIError.playlistNotFound("nope")) { try await api.playlist(withID: "nope") }
    await #expect(throws: PlaylistAPIError.playlistNotFound("p\u{0}")) { try await api.playlist(withID: "p\u{0}") }
  }
}
