import Domain
import Foundation
import Presentation
import PresentationTestSupport
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

/// The first snapshot on `updates` that satisfies `condition`; fails listing what arrived when none does.
func nextSnapshot(
  _ updates: AsyncStream<ArtistPageSnapshot>,
  where condition: @escaping @Sendable (ArtistPageSnapshot) -> Bool
) async throws -> ArtistPageSnapshot {
  try await firstSnapshot(on: updates, where: condition)
}

/// A date at midnight UTC.
func day(_ year: Int, _ month: Int, _ day: Int) -> Date {
  var calendar = Calendar(identifier: .gregorian)
  calendar.timeZone = TimeZone(identifier: "UTC")!
  return calendar.date(from: DateComponents(year: year, month: month, day: day))!
}
