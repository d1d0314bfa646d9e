import Domain
import Services
import ServicesRemote
import Testing

/// The favourites of someone browsing a server without a token.
@Suite(.timeLimit(.minutes(5))) struct SignedOutFavouritesTests {
  let favourites = SignedOutFavourites()

  @Test func noTrackIsAFavourite() {
    #expect(favourites.favouritedTrackIDs.isEmpty)
    #expect(!favourites.isFavourited("track-1"))
  }

  @Test(arguments: [true, false])
  func changingAFavouriteFailsAsSignedOutAndChangesNothing(_ isFavourited: Bool) async {
    await #expect(throws: FavouritesError.signedOut) {
      try await favourites.setFavourited(isFavourited, trackID: "track-1")
    }
    #expect(favourites.favouritedTrackIDs.isEmpty)
    #expect(!favourites.isFavourited("track-1"))
  }

  @Test func itsChangesFinishWithoutAnElement() async {
    var received: [FavouriteChange] = []
    for await change in favourites.changes() { received.append(change) }
    #expect(received.isEmpty)
  }
}
