import Domain
import Foundation
import HumbleApp
import Presentation
import Services
import ServicesTestSupport
import Testing

/// Failing services seen from the REPL: every failure is one error line, the page stays as it was, the
/// next command works, and retrying once the fault clears succeeds.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct SessionFaultTests: OasisSessionFixture {
  let musicAPI = MockMusicAPI()
  let downloads = MockDownloadsManager()
  let favourites = MockFavouritesManager()

  /// Checks that `output` failed with exactly one line of error and printed nothing else.
  func expectOneErrorLine(
    _ output: CommandOutput, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(output.error == expected, sourceLocation: sourceLocation)
    #expect(output.error?.contains(where: \.isNewline) == false, sourceLocation: sourceLocation)
    #expect(output.lines.isEmpty, sourceLocation: sourceLocation)
  }

  @Test("A reload that fails prints one error line, keeps the page, and a retry succeeds once the fault clears")
  func aFailedReloadIsOneLineAndARetrySucceeds() async {
    let session = makeSession()
    let opened = await session.run("artist oasis")
    let before = await session.run("show")
    musicAPI.failCalls(to: .tracks, with: .unavailable(reason: "connection refused"))
    expectOneErrorLine(
      await session.run("reload"), "reload failed: The music catalog is unavailable: connection refused")
    #expect(await session.run("show").lines == before.lines)
    #expect(await session.run("sort alphabetical").lines.dropFirst().first?.contains("Hello") == true)
    #expect(await session.run("select 1").error == nil, "the next command works")
    expectOneErrorLine(
      await session.run("reload"), "reload failed: The music catalog is unavailable: connection refused")
    musicAPI.stopFailingCalls()
    musicAPI.returnTracksWithTitles(["Wonderwall", "Hello", "Supersonic", "Acquiesce"])
    let retried = await session.run("reload")
    #expect(retried.error == nil)
    #expect(retried.lines.contains { $0.contains("Acquiesce") })
    #expect(opened.error == nil)
  }

  @Test("An artist that cannot be looked up is one error line and the open page stays")
  func anArtistLookupThatFailsKeepsTheOpenPage() async {
    let session = makeSession()
    _ = await session.run("artist oasis")
    let before = await session.run("show")
    musicAPI.failNextCalls(2, with: .unavailable(reason: "catalog offline"))
    expectOneErrorLine(await session.run("artist blur"), "The music catalog is unavailable: catalog offline")
    #expect(session.pageTitle == "Oasis")
    #expect(await session.run("show").lines == before.lines)
    #expect(await session.run("artist blur").lines.first == "Blur", "the retry succeeds")
  }

  @Test("An artist whose page cannot be loaded is one error line, the open page stays, and back still works")
  func anArtistPageThatFailsToLoadKeepsTheOpenPage() async {
    let session = makeSession()
    _ = await session.run("artist oasis")
    let before = await session.run("show")
    musicAPI.failNextCalls(1, to: .tracks, with: .unavailable(reason: "disk I/O error"))
    expectOneErrorLine(
      await session.run("artist blur"), "Cannot open Blur: The music catalog is unavailable: disk I/O error")
    #expect(session.pageTitle == "Oasis")
    #expect(session.artist?.id == "oasis")
    #expect(await session.run("show").lines == before.lines)
    #expect(await session.run("reload").error == nil)
    #expect(await session.run("artist blur").lines.first == "Blur", "the retry succeeds")
    #expect(await session.run("back").error == "There is no previous page.")
  }

  @Test("A reason that spans several lines is still printed as one line")
  func aMultiLineReasonIsPrintedAsOneLine() async {
    let session = makeSession()
    _ = await session.run("artist oasis")
    musicAPI.failNextCalls(
      1, to: .tracks, with: .unavailable(reason: "SQL error:\nnear line 2\r\n\tdatabase is locked"))
    expectOneErrorLine(
      await session.run("reload"),
      "reload failed: The music catalog is unavailable: SQL error: near line 2 database is locked")
  }

  @Test("A favourite that cannot be stored is one error line and the row stays as it was")
  func aFailedFavouriteIsOneLine() async {
    let session = makeSession()
    _ = await session.run("artist oasis")
    let before = await session.run("show")
    favourites.failCalls(with: .storage(reason: "database is locked"))
    expectOneErrorLine(await session.run("favourite 2"), "Favourites storage failed: database is locked")
    #expect(await session.run("show").lines == before.lines)
    favourites.stopFailingCalls()
    #expect(await session.run("favourite 2").error == nil)
    #expect(favourites.favouritedTrackIds == ["Hello"])
  }

  @Test("A download that cannot start is one error line and a retry starts it")
  func aDownloadThatCannotStartIsOneLine() async {
    let session = makeSession()
    _ = await session.run("artist oasis")
    downloads.failCalls(with: .storage(reason: "read-only file system"))
    let output = await session.run("download 1")
    expectOneErrorLine(output, "Downloads storage failed: read-only file system")
    #expect(output.errorCode == "downloads.storage")
    downloads.stopFailingCalls()
    #expect(await session.run("download 1").error == nil)
    #expect(downloads.downloadState(of: "Wonderwall") == .downloading(progress: 0))
  }

  @Test("A download that fails shows its marker and its reason in one line of 'cell'")
  func aFailedDownloadShowsItsReasonInCell() async {
    let session = makeSession()
    _ = await session.run("artist oasis")
    _ = await session.run("download 1")
    downloads.failDownload(of: "Wonderwall", reason: "stalled: no data for 0.5 s from http://host/a.wav")
    let shown = await session.run("wait")
    let row = shown.lines.first { $0.contains("Wonderwall") }
    #expect(row?.contains("!") == true, "the failed marker: \(row ?? "no row")")
    #expect(row?.contains("stalled: no data") == true)
    let cell = await session.run("cell 1").lines
    #expect(cell.filter { $0.contains("stalled: no data for 0.5 s from http://host/a.wav") }.count == 1, "\(cell)")
  }
}
