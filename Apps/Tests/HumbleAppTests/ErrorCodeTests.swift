import Domain
import Foundation
import HumbleApp
import Presentation
import Services
import ServicesTestSupport
import Testing

/// A failed command prints the one line it always has, and `--json` adds the stable code of the error's case.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct ErrorCodeTests: OasisSessionFixture {
  let musicAPI = MockMusicAPI()
  let downloads = MockDownloadsManager()
  let favourites = MockFavouritesManager()

  /// The members of the JSON document `--json` prints for `output`.
  private func document(_ output: CommandOutput, command: String) throws -> [String: Any] {
    let text = output.json(command: command).jsonText
    return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test(arguments: [
    (
      FavouritesError.signedOut,
      "Favourites storage failed: favourites belong to a user: start humble with --token or HUMBLE_TOKEN "
        + "(humble-server user add NAME prints one)",
      "favourites.signedOut"
    ),
    (
      FavouritesError.rejected(status: 401, reason: "the server answered 401: no valid bearer token"),
      "Favourites storage failed: the server answered 401: no valid bearer token", "favourites.rejected"
    ),
    (
      FavouritesError.unreachable(reason: "server at http://h refused the connection"),
      "Favourites storage failed: server at http://h refused the connection", "favourites.unreachable"
    ),
    (
      FavouritesError.invalidAnswer(reason: "the server sent text/html, expected application/json"),
      "Favourites storage failed: the server sent text/html, expected application/json",
      "favourites.invalidAnswer"
    ),
    (
      FavouritesError.storage(reason: "database is locked"), "Favourites storage failed: database is locked",
      "favourites.storage"
    ),
    (FavouritesError.cancelled, "The favourites request was cancelled.", "favourites.cancelled"),
  ])
  func aRefusedFavouriteIsItsLineAndItsCode(error: FavouritesError, line: String, code: String) async throws {
    let session = makeSession()
    _ = await session.run("artist oasis")
    favourites.failCalls(with: error)
    let output = await session.run("favourite 2")
    #expect(output.error == line)
    #expect(output.errorCode == code)
    let json = try document(output, command: "favourite 2")
    #expect(json["ok"] as? Bool == false)
    #expect(json["error"] as? String == line)
    #expect(json["code"] as? String == code)
  }

  @Test func aDownloadThatIsRefusedHasTheDownloadsCode() async throws {
    let session = makeSession()
    _ = await session.run("artist oasis")
    downloads.failCalls(with: .invalidTrackID("Wonderwall"))
    let output = await session.run("download 1")
    #expect(output.error == #"Downloads storage failed: the track ID "Wonderwall" holds a NUL character"#)
    #expect(try document(output, command: "download 1")["code"] as? String == "downloads.invalidTrackID")
  }

  @Test func aReloadThatCannotReachTheCatalogHasTheMusicCode() async throws {
    let session = makeSession()
    _ = await session.run("artist oasis")
    musicAPI.failCalls(to: .tracks, with: .unreachable(reason: "server at http://h timed out after 1 s"))
    let output = await session.run("reload")
    #expect(output.error == "reload failed: The music catalog is unavailable: server at http://h timed out after 1 s")
    #expect(try document(output, command: "reload")["code"] as? String == "music.unreachable")
  }

  @Test func anArtistThatCannotBeLookedUpHasTheMusicCode() async throws {
    let session = makeSession()
    musicAPI.failCalls(with: .unavailable(reason: "catalog offline"))
    let output = await session.run("artist blur")
    #expect(output.error == "The music catalog is unavailable: catalog offline")
    #expect(output.errorCode == "music.unavailable")
  }

  @Test func aCommandThatFailsForTheREPLsOwnReasonsHasNoCode() async throws {
    let session = makeSession()
    _ = await session.run("artist oasis")
    let output = await session.run("select 9")
    #expect(output.errorCode == nil)
    #expect(try document(output, command: "select 9")["code"] == nil)
  }

  @Test func aSucceedingCommandHasNoCode() async throws {
    let session = makeSession()
    let output = await session.run("artist oasis")
    #expect(output.errorCode == nil)
    #expect(try document(output, command: "artist oasis")["code"] == nil)
  }

  @Test(arguments: [
    (PageLoadError.music(.artistNotFound("x")), "music.artistNotFound"),
    (PageLoadError.music(.cancelled), "music.cancelled"),
    (PageLoadError.playlists(.playlistNotFound("p")), "playlists.playlistNotFound"),
    (PageLoadError.playlists(.unavailable(reason: "r")), "playlists.unavailable"),
    (PageLoadError.playlists(.unreachable(reason: "r")), "playlists.unreachable"),
    (PageLoadError.playlists(.cancelled), "playlists.cancelled"),
    (PageLoadError.timedOut(after: .seconds(1)), "page.timedOut"),
    (PageLoadError.source(reason: "r"), "page.sourceFailed"),
  ])
  func eachPageFailureHasAStableCode(error: PageLoadError, code: String) {
    #expect(error.code == code)
  }

  @Test(arguments: [
    (TrackActionError.download(.alreadyDownloaded("t")), "downloads.alreadyDownloaded"),
    (TrackActionError.download(.alreadyDownloading("t")), "downloads.alreadyDownloading"),
    (TrackActionError.download(.notDownloading("t")), "downloads.notDownloading"),
    (TrackActionError.download(.notDownloaded("t")), "downloads.notDownloaded"),
    (TrackActionError.download(.unsupportedURL("ftp://x")), "downloads.unsupportedURL"),
    (TrackActionError.download(.storage(reason: "r")), "downloads.storage"),
    (TrackActionError.download(.fileURLFromServer("file:///x")), "downloads.fileURLFromServer"),
    (TrackActionError.favourites(.invalidTrackID("a\0b")), "favourites.invalidTrackID"),
    (TrackActionError.trackNotOnPage("t"), "action.trackNotOnPage"),
    (TrackActionError.noFavourites, "action.noFavourites"),
  ])
  func eachActionFailureHasAStableCode(error: TrackActionError, code: String) {
    #expect(error.code == code)
  }
}
