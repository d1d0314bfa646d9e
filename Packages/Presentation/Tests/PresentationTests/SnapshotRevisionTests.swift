import Domain
import Foundation
import Presentation
import PresentationTestSupport
import Services
import ServicesTestSupport
import Testing

/// A data source numbers what it publishes, so that a screen can tell a buffered snapshot from a later one.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct SnapshotRevisionTests {
  let page = PageFixture()

  @Test func everyPublishedSnapshotHasTheNextRevisionAndTheCurrentSnapshotTheLastOne() async throws {
    page.musicAPI.returnTracks([
      .fixture(id: "w", title: "Wonderwall"), .fixture(id: "h", title: "Hello", containsExplicitLyrics: true),
      .fixture(id: "s", title: "Supersonic"),
    ])
    let dataSource = page.makeDataSource()
    #expect(dataSource.snapshot.revision == 0, "nothing published yet")
    let updates = dataSource.updates()
    await dataSource.reload()
    dataSource.sortMode = .alphabeticalAscending
    dataSource.user = User(age: 12)
    let last = dataSource.snapshot
    var revisions: [Int] = []
    for await snapshot in updates {
      revisions.append(snapshot.revision)
      if snapshot.revision == last.revision {
        #expect(snapshot == last, "the last one published is the current one")
        break
      }
    }
    // Loading, loaded, sorted, filtered.
    #expect(revisions == [1, 2, 3, 4])
    #expect(dataSource.revision == 4)
  }

  @Test func snapshotsShowingTheSamePageAreEqualWhateverTheirRevisions() async {
    page.musicAPI.returnTracksWithTitles(["Wonderwall", "Hello"])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    let before = dataSource.snapshot
    await dataSource.reload()
    let after = dataSource.snapshot
    #expect(after.revision > before.revision)
    #expect(after == before)
    #expect(Set([before, after]).count == 1)
    let empty = ArtistPageSnapshot(
      sections: [], state: after.state, trackLoading: after.trackLoading, revision: after.revision)
    #expect(empty != after, "what the page shows is compared")
  }
}
