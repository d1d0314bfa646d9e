import Domain
import Foundation
import HumbleServer
import Services
import ServicesLive
import Testing

@Suite struct LiveUserStoreTests {
  let store: LiveUserStore

  init() throws {
    let database = try CatalogDatabase.open(at: nil)
    try database.importCatalog { importer in
      try importer.insert(Artist(id: "a", name: "A", imageURL: nil, listeners: 1))
      for id in ["t1", "t2"] {
        try importer.insert(
          Track(
            id: Track.ID(id), title: id, duration: 1, streamURLString: "file:///dev/null", popularity: 1,
            releaseDate: Date(timeIntervalSince1970: 0), containsExplicitLyrics: false, artistID: "a"))
      }
    }
    store = LiveUserStore(database: database)
  }

  @Test func aUserIsFoundByTheHashOfTheirTokenOnly() async throws {
    let ada = try await store.addUser(name: "ada", tokenHash: "hash-a")
    #expect(try await store.user(withTokenHash: "hash-a") == ada)
    #expect(try await store.user(withTokenHash: "hash-b") == nil)
    #expect(try await store.user(withTokenHash: "hash-a\0") == nil)
  }

  @Test func aSecondUserWithTheSameNameIsRefused() async throws {
    try await store.addUser(name: "ada", tokenHash: "hash-a")
    await #expect(throws: UserStoreError.nameTaken("ada")) {
      try await store.addUser(name: "ada", tokenHash: "hash-b")
    }
  }

  @Test func settingAFavouriteTwiceChangesTheVersionOnce() async throws {
    let ada = try await store.addUser(name: "ada", tokenHash: "hash-a")
    let changes = store.changes()
    #expect(try await store.setFavourited(true, trackID: "t2", userID: ada.id).version == 1)
    #expect(try await store.setFavourited(true, trackID: "t2", userID: ada.id).version == 1)
    #expect(try await store.setFavourited(true, trackID: "t1", userID: ada.id).version == 2)
    #expect(try await store.setFavourited(false, trackID: "t2", userID: ada.id).version == 3)
    #expect(try await store.setFavourited(false, trackID: "t2", userID: ada.id).version == 3)
    #expect(try await store.favourites(of: ada.id) == UserFavourites(trackIDs: ["t1"], version: 3))
    store.finishChanges()
    var announced: [UserFavouriteChange] = []
    for await change in changes { announced.append(change) }
    #expect(announced.map(\.version) == [1, 2, 3])
    #expect(announced.map(\.isFavourited) == [true, true, false])
  }

  @Test func favouritesBelongToTheirUser() async throws {
    let ada = try await store.addUser(name: "ada", tokenHash: "hash-a")
    let bob = try await store.addUser(name: "bob", tokenHash: "hash-b")
    _ = try await store.setFavourited(true, trackID: "t1", userID: ada.id)
    #expect(try await store.favourites(of: bob.id) == UserFavourites(trackIDs: [], version: 0))
    #expect(try await store.favourites(of: ada.id) == UserFavourites(trackIDs: ["t1"], version: 1))
  }

  @Test func favouritingAnUnknownTrackIsRefusedAndUnfavouritingItChangesNothing() async throws {
    let ada = try await store.addUser(name: "ada", tokenHash: "hash-a")
    await #expect(throws: UserStoreError.trackNotFound("nope")) {
      try await store.setFavourited(true, trackID: "nope", userID: ada.id)
    }
    let change = try await store.setFavourited(false, trackID: "nope", userID: ada.id)
    #expect(change == UserFavouriteChange(userID: ada.id, trackID: "nope", isFavourited: false, version: 0))
  }
}
