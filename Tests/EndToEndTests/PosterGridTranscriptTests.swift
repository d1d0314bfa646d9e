import Foundation
import Testing

/// The real `humble` on the demo catalog's grid pages, in plain text (not a terminal: no colour, placeholder frames,
/// 80 columns): `playlists` and `releases`, their posters once `wait` has settled their artwork, `cell`, `select`,
/// `scroll`, `back`, `--json`, the errors, and covers generated only when a grid first asks for them.
@Suite(.serialized, .timeLimit(.minutes(5))) struct PosterGridTranscriptTests {
  let transcripts: HumbleTranscriptTests
  /// Where the demo catalog's covers are written, the first time each is loaded.
  var artworkFolder: URL { transcripts.directory.appendingPathComponent("catalog-files/artwork") }

  init() throws {
    transcripts = try HumbleTranscriptTests(for: Self.self)
  }

  /// A line of posters whose artwork has arrived, drawn without colour: their frames, then each one's number and
  /// title, then its subtitle; posters are 20 columns wide and `gap` columns apart.
  static func posterLine(_ titles: [String], _ subtitles: [String], gap: Int = 10) -> [String] {
    let frame =
      ["┌──────────────────┐"] + Array(repeating: "│                  │", count: 3) + ["│     artwork      │"]
      + Array(repeating: "│                  │", count: 4) + ["└──────────────────┘"]
    func line(_ texts: [String]) -> String {
      let padded = texts.dropLast().map { $0 + String(repeating: " ", count: max(0, 20 + gap - $0.count)) }
      return (padded + [texts.last ?? ""]).joined()
    }
    return frame.map { Array(repeating: $0, count: titles.count).joined(separator: String(repeating: " ", count: gap)) }
      + [line(titles), line(subtitles)]
  }

  @Test func thePlaylistsFeaturingAnArtistAreAGridOfPosters() async throws {
    let run = try await transcripts.humble(["-c", "artist aurora-vale; playlists; wait; show"])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.errors.isEmpty)
    let grid = Self.posterLine(
      ["1 Deep Focus", "2 Late Night Drive", "3 Sunday Morning"],
      ["9 tracks · 1 hr 39 …", "10 tracks · 42 min", "8 tracks · 38 min"])
    let opened = Array(run.output.drop { $0 != "Playlists featuring Aurora Vale" })
    #expect(opened.count == 1 + 3 * grid.count, "the heading, then the grid as opened, after 'wait', and shown")
    #expect(Array(opened.suffix(2 * grid.count)) == grid + grid)
    // As opened, a poster's artwork may still be on its way (its frame says "loading"): only its lines are settled.
    #expect(Array(opened.dropFirst().prefix(grid.count).suffix(2)) == Array(grid.suffix(2)))
  }

  @Test func aReleaseOpensItsTracksAndBackReturnsToTheGridThenTheArtist() async throws {
    let run = try await transcripts.humble([
      "-c", "artist aurora-vale; releases; wait; cell 2; select 2; back; back",
    ])
    #expect(run.status == 0, "\(run.errors)")
    // The viewport's 20 lines show the first line of posters and the top of the second: poster 4's frame.
    let grid =
      Self.posterLine(
        ["1 Whiteout", "2 Avalanche", "3 Midnight Sun"],
        ["4 tracks · 19 min ·…", "4 tracks · 19 min ·…", "4 tracks · 14 min ·…"])
      + Self.posterLine(["4 Northern Lights"], [""]).prefix(7)
    let cell = try #require(run.output.firstIndex(of: "poster: 2"))
    #expect(Array(run.output[..<cell].suffix(grid.count)) == grid, "'wait' shows the grid with its artwork")
    let picture = URL(fileURLWithPath: artworkFolder.path).appendingPathComponent(
      "d3e3e2c150d1092dbbdaaffa5dbdb4d5adf6c0eaa63099be5fb543aeb0e81e10.png")
    let expected =
      [
        "poster: 2", "kind: release", "id: aurora-vale/2023", "title: Avalanche", "subtitle: 4 tracks · 19 min · 2023",
        "artworkURL: \(picture.absoluteString)#artist-aurora-vale", "artwork: shown 256×256",
        "Avalanche",
        "── Tracks ──",
        "    1      Avalanche   5:54  15 Mar 2023",
        "    2      Borealis    3:26  1 May 2023",
        "    3      Permafrost  5:31  22 Aug 2023",
        "    4    E Frostbite   4:36  8 Oct 2023",
        "Releases of Aurora Vale",
      ] + grid + ["Aurora Vale", "── Tracks ──"]
    #expect(Array(run.output[cell...].prefix(expected.count)) == expected)
    #expect(run.output.last(where: { $0.hasPrefix("── ") }) == "── Playlists ──", "the artist's page is back")
  }

  @Test func scrollingMovesTheGridByALineOfPostersAtTheWidthGiven() async throws {
    let run = try await transcripts.humble([
      "--width", "44", "-c", "artist aurora-vale; releases; scroll down; wait; show",
    ])
    #expect(run.status == 0, "\(run.errors)")
    let expected = Self.posterLine(
      ["3 Midnight Sun", "4 Northern Lights"], ["4 tracks · 14 min ·…", "4 tracks · 19 min ·…"], gap: 4)
    #expect(Array(run.output.suffix(2 * expected.count)) == expected + expected)
  }

  @Test func aGridPageAsJSONGivesItsPostersAndTheirArtwork() async throws {
    let run = try await transcripts.humble(["--json", "-c", "artist aurora-vale; playlists; wait; cell 1"])
    #expect(run.status == 0, "\(run.errors)")
    let documents = try run.output.map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(documents.map { $0["command"] as? String } == ["artist aurora-vale", "playlists", "wait", "cell 1"])
    let page = try #require(documents[2]["page"] as? [String: Any])
    #expect(page["kind"] as? String == "grid" && page["grid"] as? String == "playlists")
    #expect(page["title"] as? String == "Playlists featuring Aurora Vale")
    let posters = try #require(page["posters"] as? [[String: Any]])
    #expect(posters.map { $0["title"] as? String } == ["Deep Focus", "Late Night Drive", "Sunday Morning"])
    for poster in posters {
      let artwork = try #require(poster["artwork"] as? [String: Any])
      #expect(artwork["state"] as? String == "shown")
      #expect(artwork["width"] as? Int == 256 && artwork["height"] as? Int == 256)
      #expect(
        (poster["artworkURL"] as? String)?.hasPrefix(URL(fileURLWithPath: artworkFolder.path).absoluteString) == true)
    }
    let cell = try #require(documents[3]["cell"] as? [String: Any])
    #expect(cell["id"] as? String == "deep-focus")
    #expect((cell["artwork"] as? [String: Any])?["state"] as? String == "shown")
  }

  @Test func whatAGridRefusesIsOneErrorLineEach() async throws {
    let run = try await transcripts.humble([
      "-c", "favourites; playlists; artist aurora-vale; releases; sort popular; select 9; select 2.1; show",
    ])
    #expect(run.status == 1)
    #expect(
      run.errors == [
        "error: playlists: the open page has no artist; open one with 'artist <name or id>' first.",
        "error: 'sort' works on a page of tracks; this page is a grid of posters.",
        "error: There is no poster 9: the grid has 4 posters.",
        "error: There is no poster 2.1: the grid has 1 section of 4 posters.",
      ])
    #expect(run.output.filter { $0 == "Releases of Aurora Vale" }.count == 1, "one grid opened")
    #expect(run.output.last == "│                  │", "'show' ran: its last line is the top of poster 4's frame")
  }

  @Test func coversAreGeneratedOnlyWhenAGridFirstAsksForThem() async throws {
    let table = try await transcripts.humble(["-c", "artist aurora-vale; show"])
    #expect(table.status == 0)
    #expect(!FileManager.default.fileExists(atPath: artworkFolder.path), "a page of tracks loads no artwork")
    let grid = try await transcripts.humble(["-c", "artist aurora-vale; playlists; wait"])
    #expect(grid.status == 0)
    let covers = try FileManager.default.contentsOfDirectory(atPath: artworkFolder.path).filter {
      $0.hasSuffix(".png")
    }
    #expect(covers.count == 3, "one for each playlist shown: \(covers)")
  }
}
