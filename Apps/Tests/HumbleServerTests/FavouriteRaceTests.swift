import CatalogAPI
import Foundation
import HumbleServerTestSupport
import SeededRandomness
import Testing

/// Favourites stay right when many clients of many servers change them at once: no lost update, no duplicate
/// row, versions that count every change once, and feeds that hear every change in order.
@Suite(.timeLimit(.minutes(10))) struct FavouriteRaceTests {
  /// One acknowledged answer: the track, the state asked for, and the user's version after.
  struct Acknowledged: Sendable {
    let user: Int
    let track: String
    let isFavourited: Bool
    let version: Int
  }

  static let tracks = (1...6).map { "solo-\($0)" } + (1...14).map { String(format: "many-%04d", $0) }

  @Test func eightClientsOverTwoServersToggle5000TimesAndTheLastAcknowledgedStateWins() async throws {
    try await PostgresTestDatabase.with { location in
      try await PostgresServers.with(location) { servers in
        let first = try await servers.start(maximumConnections: 8)
        let second = try await servers.start(maximumConnections: 8)
        defer {
          Task {
            await first.stop()
            await second.stop()
          }
        }
        let tokens = [
          try await servers.addUser("ada", through: first), try await servers.addUser("bob", through: second),
        ]
        // Every client's user has a feed on the other server, which must hear every change, in order.
        let feeds = try await (0..<2).asyncMap { user in
          try await [second, first][user].client.stream(
            CatalogAPI.Path.favouriteEvents, headers: [("Authorization", "Bearer \(tokens[user])")])
        }
        defer { for feed in feeds { feed.close() } }
        for feed in feeds { #expect(try await feed.nextLine() == "event: ready") }

        let requestsPerClient = 625
        let answers = try await withThrowingTaskGroup(of: [Acknowledged].self) { group in
          for client in 0..<8 {
            let user = client % 2
            let server = [first, second][(client / 2) % 2]
            let token = tokens[user]
            group.addTask {
              var random = SeededRandom(seed: UInt64(client) &+ 0x9E37)
              var answers: [Acknowledged] = []
              for _ in 0..<requestsPerClient {
                let track = Self.tracks[Int(random.next() % UInt64(Self.tracks.count))]
                let isFavourited = random.next() % 2 == 0
                let response = try await server.client.send(
                  isFavourited ? .PUT : .DELETE, CatalogAPI.Path.favourite(track),
                  headers: [("Authorization", "Bearer \(token)")])
                try #require(response.status == 200, "\(response.text)")
                let body = try CatalogJSON.decoder().decode(FavouriteChangeBody.self, from: response.body)
                #expect(body.trackID.rawValue == track && body.isFavourited == isFavourited)
                answers.append(
                  Acknowledged(user: user, track: track, isFavourited: isFavourited, version: body.version))
              }
              return answers
            }
          }
          return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(answers.count == 5000)

        for user in 0..<2 {
          let mine = answers.filter { $0.user == user }
          // The state of each track is the one answered with the highest version: changes are serialised per
          // user, and answers with the same version agree.
          var expected: Set<String> = []
          for track in Set(mine.map(\.track)) {
            let onTrack = mine.filter { $0.track == track }
            let newest = onTrack.map(\.version).max() ?? 0
            let states = Set(onTrack.filter { $0.version == newest }.map(\.isFavourited))
            #expect(states.count == 1, "answers for \(track) at version \(newest) disagree")
            if states == [true] { expected.insert(track) }
          }
          let response = try await first.client.send(
            .GET, CatalogAPI.Path.favourites, headers: [("Authorization", "Bearer \(tokens[user])")])
          let stored = try CatalogJSON.decoder().decode(FavouritesBody.self, from: response.body)
          #expect(Set(stored.trackIDs.map(\.rawValue)) == expected)
          #expect(stored.version == mine.map(\.version).max())

          // The feed on the other server heard versions 1, 2, … in order, and replaying them gives the set.
          var replayed: Set<String> = []
          var heard = 0
          let feed = feeds[user]
          // Keep-alive comments may come between events.
          let event = { () async throws -> String? in try await feed.nextLine { !$0.isEmpty && !$0.hasPrefix(":") } }
          _ = try await event()  // the ready event's data
          while heard < stored.version {
            #expect(try await event() == "event: favourite")
            #expect(try await event() == "id: \(heard + 1)")
            let data = try #require(try await event())
            let event = try CatalogJSON.decoder().decode(
              FavouriteChangeBody.self, from: Data(data.dropFirst("data: ".count).utf8))
            #expect(event.version == heard + 1)
            if event.isFavourited {
              replayed.insert(event.trackID.rawValue)
            } else {
              replayed.remove(event.trackID.rawValue)
            }
            heard += 1
          }
          #expect(replayed == expected)
        }
        let duplicates = try await PostgresTestDatabase.query(
          location,
          "SELECT count(*)::text FROM (SELECT 1 FROM user_favourite GROUP BY user_id, track_id HAVING count(*) > 1) AS d"
        )
        #expect(duplicates == ["0"])
      }
    }
  }
}

extension Sequence where Element: Sendable {
  func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
    var results: [T] = []
    for element in self { results.append(try await transform(element)) }
    return results
  }
}
