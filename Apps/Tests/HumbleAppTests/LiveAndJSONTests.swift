import Domain
import Foundation
import HumbleApp
import Presentation
import Services
import ServicesTestSupport
import Testing

@MainActor
@Suite(.timeLimit(.minutes(5))) struct LiveAndJSONTests {
  let musicAPI = MockMusicAPI()
  let playlistAPI = MockPlaylistAPI()
  let downloads = MockDownloadsManager()
  let favourites = MockFavouritesManager()

  func makeSession() -> Session {
    musicAPI.returnArtists([.fixture(id: "oasis", name: "Oasis")])
    musicAPI.returnTracksWithTitles(["Wonderwall", "Hello", "Supersonic"])
    return Session(
      musicAPI: musicAPI, playlistAPI: playlistAPI, downloadsManager: downloads, favouritesManager: favourites,
      formatting: .englishUTC, rows: 10)
  }

  @Test func progressBetweenCommandsIsReportedAsTheChangedRowOnly() async throws {
    let session = makeSession()
    _ = await session.run("artist oasis")
    let live = LiveOutputRecorder(session)
    downloads.setState(.downloading(progress: 0.4), for: "Hello")
    let lines = await live.next()
    #expect(lines.count == 1)
    #expect(lines[0].contains("Hello") && lines[0].contains("40%"))
    #expect(lines[0].hasPrefix("    2"))
  }

  @Test func changesMadeByACommandAreNotReportedAgainAsLive() async throws {
    let session = makeSession()
    _ = await session.run("artist oasis")
    let live = LiveOutputRecorder(session)
    _ = await session.run("sort alphabetical")
    // A download's progress after the sort is reported after anything the sort could still cause.
    downloads.setState(.downloading(progress: 0.4), for: "Hello")
    let lines = await live.next()
    #expect(lines.count == 1, "the sort's rows were reported as live: \(lines)")
    #expect(lines.first?.contains("Hello") == true)
  }

  @Test func snapshotsPublishedBeforeASortNeverMoveRowsBackAfterIt() async throws {
    let session = makeSession()
    _ = await session.run("artist oasis")
    _ = await session.run("sort alphabetical")
    _ = await session.run("sort reverse")
    _ = await session.run("events on")
    let live = LiveOutputRecorder(session)
    // The data source's buffered snapshots (catalog order, alphabetical) reach the screen before this change.
    downloads.setState(.downloading(progress: 0.4), for: "Hello")
    _ = await live.next()
    #expect(session.events == ["batch update: 1 updated"], "rows moved back and forth: \(session.events)")
    let shown = await session.run("show")
    #expect(shown.lines.dropFirst().first?.contains("Wonderwall") == true)
  }

  @Test func showAsJSONDescribesTheVisibleRowsAndSelection() async throws {
    let session = makeSession()
    _ = await session.run("artist oasis")
    _ = await session.run("select 2")
    let text = await session.run("show").json(command: "show").jsonText
    let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(document["command"] as? String == "show")
    #expect(document["ok"] as? Bool == true)
    let page = try #require(document["page"] as? [String: Any])
    #expect(page["title"] as? String == "Oasis")
    #expect(page["selectedRows"] as? [Int] == [2])
    #expect(page["nowPlaying"] as? String == "Hello")
    let sections = try #require(page["sections"] as? [[String: Any]])
    let rows = try #require(sections.first?["rows"] as? [[String: Any]])
    #expect(
      rows.compactMap { ($0["cell"] as? [String: Any])?["title"] as? String } == ["Wonderwall", "Hello", "Supersonic"])
    #expect(rows[1]["selected"] as? Bool == true)
  }

  @Test func aFailedCommandIsAJSONDocumentWithItsError() async throws {
    let session = makeSession()
    _ = await session.run("artist oasis")
    let text = await session.run("select 9").json(command: "select 9").jsonText
    #expect(text.contains(#""ok":false"#))
    #expect(text.contains(#""error":"There is no row 9: the page has 3 rows.""#))
    #expect(!text.contains("\n"))
  }

  @Test func cellAsJSONHasTheCellModelsFields() async throws {
    let session = makeSession()
    _ = await session.run("artist oasis")
    let text = await session.run("cell 1").json(command: "cell 1").jsonText
    #expect(text.contains(#""cell":{"duration":"3:00","id":"Wonderwall","isDownloaded":false"#))
  }

  @Test func selectingAPlaylistOpensItsPageAndBackReturns() async throws {
    let session = makeSession()
    let tracks: [Track] = [.fixture(id: "t1", title: "Live Forever"), .fixture(id: "t2", title: "Slide Away")]
    playlistAPI.returnPlaylists([.fixture(id: "p1", name: "Britpop", tracks: tracks)])
    let page = await session.run("artist oasis")
    let playlistLine = try #require(page.lines.first { $0.contains("Britpop") })
    let opened = await session.run("select \(playlistLine.split(separator: " ")[0])")
    #expect(opened.error == nil)
    #expect(opened.lines.first == "Britpop")
    #expect(opened.lines.contains { $0.contains("Live Forever") })
    #expect(!opened.lines.contains { $0.contains("Wonderwall") })
    #expect(session.pageTitle == "Britpop")
    _ = await session.run("sort reverse")
    #expect(await session.run("cell 1").lines.contains("title: Slide Away"))
    let back = await session.run("back")
    #expect(back.lines.first == "Oasis")
    #expect(session.pageTitle == "Oasis")
  }

  @Test func aNarrowTerminalTruncatesTitlesWithAnEllipsis() async throws {
    musicAPI.returnArtists([.fixture(id: "oasis", name: "Oasis")])
    musicAPI.returnTracksWithTitles(["A very long title that will not fit in a narrow terminal", "東京タワーの夜景とても長い題名"])
    let session = Session(
      musicAPI: musicAPI, playlistAPI: nil, downloadsManager: downloads, favouritesManager: nil,
      formatting: .englishUTC, rows: 10)
    session.renderOptions = RenderOptions(width: 40)
    let lines = await session.run("artist oasis").lines.dropFirst(2)
    #expect(lines.count == 2)
    for line in lines {
      #expect(TerminalText.displayWidth(line) <= 40, "\(line)")
      #expect(line.contains("…"))
      #expect(line.contains("3:00"), "the duration column stays when the title gives way")
    }
  }

  @Test func colourHighlightsTheSelectedRowOnlyWhenAsked() async throws {
    let session = makeSession()
    _ = await session.run("artist oasis")
    #expect(!(await session.run("select 1").lines.joined().contains("\u{1B}[")))
    session.renderOptions.usesColour = true
    let lines = await session.run("show").lines
    #expect(lines[1].hasPrefix("\u{1B}[7m"))
    #expect(!lines[2].hasPrefix("\u{1B}[7m"))
  }
}
