import CatalogAPI
import Domain
import Testing

/// The artwork identifier rule: `artist-` or `playlist-` before an identifier that can name something.
@Suite struct ArtworkOwnerTests {
  @Test func anOwnersArtworkIDIsItsKindBeforeItsIdentifier() {
    #expect(CatalogAPI.ArtworkOwner.artist("solo").artworkID == "artist-solo")
    #expect(CatalogAPI.ArtworkOwner.playlist("mix").artworkID == "playlist-mix")
  }

  @Test(arguments: [
    ("artist-solo", CatalogAPI.ArtworkOwner.artist("solo")), ("playlist-mix", .playlist("mix")),
    ("artist-a/b c", .artist("a/b c")), ("artist-\u{301}x", .artist("\u{301}x")),
    ("artist-playlist-x", .artist("playlist-x")), ("playlist-artist-", .playlist("artist-")),
  ])
  func anArtworkIDNamesItsOwner(artworkID: String, owner: CatalogAPI.ArtworkOwner) {
    #expect(CatalogAPI.ArtworkOwner(artworkID: artworkID) == owner)
    #expect(owner.artworkID == artworkID)
  }

  @Test(arguments: [
    "", "solo", "artist", "artist-", "playlist-", "Artist-solo", "track-solo", "artist-a\u{0}b",
    "artist-" + String(repeating: "x", count: 257),
  ])
  func anArtworkIDWithoutAKnownPrefixOrANameableRestNamesNothing(artworkID: String) {
    #expect(CatalogAPI.ArtworkOwner(artworkID: artworkID) == nil)
  }

  @Test func theArtworkPathHoldsTheIdentifierAsOneSegment() {
    let id = CatalogAPI.ArtworkOwner.artist("a/b c").artworkID
    #expect(CatalogAPI.Path.artwork(id) == "/v1/artwork/artist-a%2Fb%20c")
    #expect(CatalogAPI.Route.artwork.template == "/v1/artwork/{artworkID}")
  }

  @Test func theArtworkIdentifierLimitLeavesRoomForTheLongerPrefix() {
    let longest = "playlist-" + String(repeating: "x", count: CatalogAPI.Limits.identifierBytes)
    #expect(longest.utf8.count == CatalogAPI.Limits.artworkIdentifierBytes)
    #expect(CatalogAPI.ArtworkOwner(artworkID: longest) != nil)
  }
}
