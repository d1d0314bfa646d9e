import Domain
import Foundation
import PresentationTestSupport
import Services
import ServicesTestSupport
import Testing

@testable import Presentation

/// Faults injected into the services behind an artist page.
///
/// Failures, time-outs, slow and out-of-order answers: the page always keeps its last good rows, says why
/// a reload failed, and recovers on a retry.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct ArtistTableDataSourceFaultTests {
  let page = PageFixture()

  @Test("A reload that fails keeps the last good rows, publishes the reason, and a retry succeeds")
  func aFailedReloadIsPublishedAndARetrySucceedsOnceTheFaultClears() async throws {
    page.musicAPI.returnTracksWithIds(["a", "b"])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    let updates = dataSource.updates()
    page.musicAPI.failNextCalls(1, to: .tracks, with: .unavailable(reason: "connection reset"))
    page.musicAPI.returnTracksWithIds(["a", "b", "c"])
    await dataSource.reload()
    let failed = try await nextSnapshot(updates) { $0.state != .loading }
    #expect(failed.state == .failed(.music(.unavailable(reason: "connection reset"))))
    #expect(failed.cellModels.trackIDs == ["a", "b"])
    #expect(dataSource.cellModels.trackIDs == ["a", "b"])
    await dataSource.reload()
    #expect(dataSource.state == .loaded)
    #expect(dataSource.cellModels.trackIDs == ["a", "b", "c"])
  }

  @Test("A reload whose related artists fail applies none of its other answers")
  func aPartlyFailedReloadAppliesNothing() async {
    page.musicAPI.returnTracksWithIds(["a"])
    page.musicAPI.returnRelatedArtistsWithNames("Blur")
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    page.musicAPI.returnTracksWithIds(["x", "y"])
    page.musicAPI.failNextCalls(1, to: .relatedArtists, with: .unavailable(reason: "timeout"))
    await dataSource.reload()
    #expect(dataSource.state == .failed(.music(.unavailable(reason: "timeout"))))
    #expect(dataSource.cellModels.trackIDs == ["a"])
    #expect(dataSource.cellModels.last?.isRelatedArtist(withName: "Blur") == true)
  }

  @Test("A reload whose playlists fail keeps the page and says why")
  func aFailingPlaylistAPIFailsTheReload() async {
    page.musicAPI.returnTracksWithIds(["a"])
    page.playlists.returnPlaylistsWithName("Anthems")
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    page.playlists.failCalls(with: .unavailable(reason: "playlists offline"))
    await dataSource.reload()
    #expect(dataSource.state == .failed(.playlists(.unavailable(reason: "playlists offline"))))
    #expect(dataSource.cellModels.count == 2)
    page.playlists.stopFailingCalls()
    await dataSource.reload()
    #expect(dataSource.state == .loaded)
  }

  @Test("A reload the catalog does not answer in time times out, keeps the rows, and ignores the late answer")
  func aReloadTimesOut() async throws {
    page.musicAPI.returnTracksWithIds(["a"])
    let dataSource = page.makeDataSource(reloadTimeout: .seconds(30))
    await dataSource.reload()
    // The call goes on after the timeout cancels it, and answers once the test releases it.
    let hold = page.musicAPI.holdNextCall(to: .tracks, ignoringCancellation: true)
    page.musicAPI.returnTracksWithIds(["late"])
    dataSource.reloadTimeout = .milliseconds(50)
    await dataSource.reload()
    #expect(dataSource.state == .failed(.timedOut(after: .milliseconds(50))))
    #expect(dataSource.cellModels.trackIDs == ["a"])
    await hold.waitUntilReached()
    let revision = dataSource.revision
    hold.release()
    await dataSource.timedFetch?.value
    #expect(hold.answeredAfterCancellation, "the held call answered after the timeout")
    #expect(dataSource.cellModels.trackIDs == ["a"], "the timed-out request's answer is never used")
    #expect(dataSource.state == .failed(.timedOut(after: .milliseconds(50))))
    #expect(dataSource.revision == revision, "the late answer publishes nothing")
    page.musicAPI.returnTracksWithIds(["b"])
    dataSource.reloadTimeout = .seconds(30)
    await dataSource.reload()
    #expect(dataSource.state == .loaded)
    #expect(dataSource.cellModels.trackIDs == ["b"])
  }

  @Test("A catalog slower than the timeout fails the reload, and a reload once it is fast again succeeds")
  func aCatalogSlowerThanTheTimeoutFailsTheReload() async throws {
    page.musicAPI.returnTracksWithIds(["a"])
    page.musicAPI.delayAnswers(by: .seconds(3600))
    let dataSource = page.makeDataSource(reloadTimeout: .milliseconds(20))
    await dataSource.reload()
    #expect(dataSource.state == .failed(.timedOut(after: .milliseconds(20))))
    #expect(dataSource.cellModels.isEmpty)
    page.musicAPI.delayAnswers(by: nil)
    dataSource.reloadTimeout = .seconds(30)
    await dataSource.reload()
    #expect(dataSource.cellModels.trackIDs == ["a"])
  }

  @Test("A slow catalog's answer is shown once it comes, with a timeout or without one")
  func slowAnswersAreShown() async throws {
    page.musicAPI.returnTracksWithIds(["a"])
    page.musicAPI.delayAnswers(by: .milliseconds(30))
    for timeout in [nil, Duration.seconds(30)] {
      let dataSource = page.makeDataSource(reloadTimeout: timeout)
      let updates = dataSource.updates()
      await dataSource.reload()
      var iterator = updates.makeAsyncIterator()
      #expect(await iterator.next()?.state == .loading)
      #expect(await iterator.next()?.state == .loaded)
      #expect(dataSource.cellModels.trackIDs == ["a"])
    }
  }

  @Test("Overlapping reloads answered newest first show the newest answer whatever the old ones say")
  func outOfOrderAnswersNeverReplaceANewerOne() async throws {
    page.musicAPI.returnTracksWithIds(["first"])
    let dataSource = page.makeDataSource()
    let firstHold = page.musicAPI.holdNextCall(to: .tracks)
    let secondHold = page.musicAPI.holdNextCall(to: .tracks)
    let first = Task { await dataSource.reload() }
    await firstHold.waitUntilReached()
    page.musicAPI.failNextCalls(1, to: .tracks, with: .unavailable(reason: "late failure"))
    let second = Task { await dataSource.reload() }
    await secondHold.waitUntilReached()
    page.musicAPI.returnTracksWithIds(["third"])
    await dataSource.reload()
    #expect(dataSource.cellModels.trackIDs == ["third"])
    secondHold.release()
    await second.value
    #expect(dataSource.state == .loaded, "an older reload failing late does not fail the page")
    firstHold.release()
    await first.value
    #expect(dataSource.state == .loaded)
    #expect(dataSource.cellModels.trackIDs == ["third"], "an older answer arriving late is ignored")
  }

  @Test("A newer reload's failure stands even when an older reload answers after it")
  func aNewerFailureIsNotHiddenByALateOlderSuccess() async throws {
    page.musicAPI.returnTracksWithIds(["a"])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    let hold = page.musicAPI.holdNextCall(to: .tracks)
    page.musicAPI.returnTracksWithIds(["stale"])
    let older = Task { await dataSource.reload() }
    await hold.waitUntilReached()
    page.musicAPI.failNextCalls(1, to: .tracks, with: .unavailable(reason: "down"))
    await dataSource.reload()
    #expect(dataSource.state == .failed(.music(.unavailable(reason: "down"))))
    hold.release()
    await older.value
    #expect(dataSource.state == .failed(.music(.unavailable(reason: "down"))))
    #expect(dataSource.cellModels.trackIDs == ["a"])
  }
}
