import Domain
import Foundation
import Presentation
import Services
import ServicesTestSupport

/// The mocks an artist page needs, and a data source over them with deterministic formatting.
@MainActor
struct PageFixture {
  let musicAPI = MockMusicAPI()
  let downloads = MockDownloadsManager()
  let playlists = MockPlaylistAPI()
  let favourites = MockFavouritesManager()

  func makeDataSource(user: User = .adult, reloadTimeout: Duration? = nil) -> ArtistTableDataSource {
    ArtistTableDataSource(
      artistID: "oasis",
      musicAPI: musicAPI,
      downloadsManager: downloads,
      playlistAPI: playlists,
      favouritesManager: favourites,
      user: user,
      formatting: .englishUTC,
      reloadTimeout: reloadTimeout
    )
  }
}

struct StreamEnded: Error {}

/// The first snapshot on `updates` that satisfies `condition`.
///
/// A snapshot that never comes is caught by the suites' time limit (cancelling a stream's iteration would
/// end the stream for later checks).
@MainActor
func nextSnapshot(
  _ updates: AsyncStream<ArtistPageSnapshot>,
  where condition: @escaping (ArtistPageSnapshot) -> Bool
) async throws -> ArtistPageSnapshot {
  for await snapshot in updates where condition(snapshot) { return snapshot }
  throw StreamEnded()
}

/// A date at midnight UTC.
func day(_ year: Int, _ month: Int, _ day: Int) -> Date {
  var calendar = Calendar(identifier: .gregorian)
  calendar.timeZone = TimeZone(identifier: "UTC")!
  return calendar.date(from: DateComponents(year: year, month: month, day: day))!
}
