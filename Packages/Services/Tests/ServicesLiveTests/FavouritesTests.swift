import Domain
import Foundation
import HumbleSupportTesting
import Services
import ServicesLive
import Testing

@Suite(.timeLimit(.minutes(5))) struct LiveFavouritesManagerTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  @Test func favouritesSurviveReopening() async throws {
    do {
      let favourites = try openServices(in: directory).favouritesManager
      try await favourites.favourite("a")
      try await favourites.favourite("b")
      try await favourites.unfavourite("a")
    }
    let reopened = try openServices(in: directory).favouritesManager
    #expect(reopened.favouritedTrackIDs == ["b"])
    #expect(reopened.isFavourited("b"))
    #expect(!reopened.isFavourited("a"))
  }

  @Test func settingTheSameStateTwiceAnnouncesOneChange() async throws {
    let favourites = try openServices(in: directory).favouritesManager
    let changes = favourites.changes()
    try await favourites.favourite("a")
    try await favourites.favourite("a")
    try await favourites.unfavourite("a")
    var received: [FavouriteChange] = []
    for await change in changes {
      received.append(change)
      if received.count == 2 { break }
    }
    #expect(received == [.init(trackID: "a", isFavourited: true), .init(trackID: "a", isFavourited: false)])
  }

  @Test func favouritesSetConcurrentlyFromManyTasksAgreeInMemoryOnDiskAndInTheirAnnouncements() async throws {
    let favourites = try openServices(in: directory).favouritesManager
    let changes = favourites.changes()
    // 400 requests over 100 tracks from 400 tasks: each track is set, unset, set, and maybe unset again.
    try await withThrowingTaskGroup(of: Void.self) { group in
      for request in 0..<400 {
        group.addTask {
          let track = Track.ID("t\(request % 100)")
          try await favourites.setFavourited(request / 100 % 2 == 0, trackID: track)
        }
      }
      try await group.waitForAll()
    }
    let inMemory = favourites.favouritedTrackIDs
    let onDisk = try openServices(in: directory).favouritesManager.favouritedTrackIDs
    #expect(inMemory == onDisk)
    // Every change was announced before its request returned; a sentinel marks the end of them.
    try await favourites.favourite("sentinel")
    var replayed: Set<Track.ID> = []
    var announcementsPerTrack: [Track.ID: [Bool]] = [:]
    for await change in changes {
      if change.trackID == "sentinel" { break }
      announcementsPerTrack[change.trackID, default: []].append(change.isFavourited)
      if change.isFavourited { replayed.insert(change.trackID) } else { replayed.remove(change.trackID) }
    }
    #expect(replayed == inMemory)
    // A track's announcements alternate: no change is announced twice or lost.
    for (track, states) in announcementsPerTrack {
      #expect(zip(states, states.dropFirst()).allSatisfy { $0 != $1 }, "announcements for \(track): \(states)")
      #expect(states.first == true)
    }
    #expect(announcementsPerTrack.count == 100)
  }
}
