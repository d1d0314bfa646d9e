import Domain
import Foundation
import HumbleApp
import Presentation
import ServicesTestSupport
import TableKit

/// The REPL's command parser and dispatcher, driven by arbitrary bytes.
///
/// The input (after ``expand(_:)``, which turns short marks into long runs of a byte) is split into lines at
/// newline bytes (as `readLine()` splits standard input) and run twice
/// through a fresh ``Session`` over mock services, each session first opening an artist's page as `humble`
/// does: once with the lines decoded as UTF-8 (invalid sequences become U+FFFD), once with every byte kept as
/// the code point of the same value (Latin-1), so C0 and C1 control characters, NEL and lone bytes reach the
/// parser as they are. After every line it checks:
///
/// - the answer is lines, or exactly one error line: non-empty, with no line break in it, and with no other
///   lines than the timing and events lines a session appends;
/// - no answer line holds a newline, and the `--json` document is one line of valid JSON;
/// - the open page's table agrees with the snapshot it shows: as many sections and rows, every selected
///   row exists, every visible row exists and its cell is bound to that row's cell model.
///
/// Tab completion is asked about every UTF-8 line too (split at a word boundary near its middle).
@MainActor
public enum CommandLineFuzzer {
  /// At most this many lines of an input run; the rest are ignored (long lines are kept whole).
  public static let maximumLines = 128

  /// The most bytes ``expand(_:)`` makes of one input.
  public static let maximumExpandedLength = 1 << 21

  /// Runs one input.
  public static func run(_ bytes: [UInt8]) async {
    let lines = expand(bytes).split(separator: 0x0A, omittingEmptySubsequences: false).prefix(maximumLines)
    let utf8 = lines.map { String(decoding: $0, as: UTF8.self) }
    let latin1 = lines.map { String(String.UnicodeScalarView($0.map { Unicode.Scalar($0) })) }
    await runSession(utf8, variant: bytes.count, completes: true)
    await runSession(latin1, variant: bytes.count, completes: false)
  }

  /// Runs lines through a new session, checking every answer (and asking for completions when `completes`
  /// is true); `variant` picks the mocks' and the
  /// renderer's options, so that inputs of different lengths see downloads that finish at once or not,
  /// colour or not, and several terminal widths.
  static func runSession(_ lines: [String], variant: Int, completes: Bool) async {
    let services = MockServices(downloadsCompleteImmediately: variant % 2 == 0)
    let session = Session(
      musicAPI: services.musicAPI, playlistAPI: services.playlistAPI, downloadsManager: services.downloads,
      favouritesManager: services.favourites, formatting: .englishUTC, rows: 6)
    session.renderOptions = RenderOptions(width: [nil, 40, 80, 12][variant % 4], usesColour: variant % 3 == 0)
    let opening = await session.run(.artist("aurora-vale"))
    invariant(opening.error == nil, "the opening page failed: \(opening.error ?? "")")
    check(session, after: "the opening page")
    for line in lines {
      let output = await session.run(line)
      check(output, for: line)
      check(session, after: line)
      if completes { completeHalf(of: line, artistNames: services.artistNames) }
      if output.quits { break }
    }
  }

  /// The input with each run marker, the bytes 0x01 n b with n up to 20, replaced by 2ⁿ copies of the byte b.
  ///
  /// Marks let a short input stand for lines of up to a megabyte, which the fuzzer could not grow to in a
  /// reasonable time (nor mutate quickly); any other 0x01 byte is kept as it is.
  static func expand(_ bytes: [UInt8]) -> [UInt8] {
    var expanded: [UInt8] = []
    var index = 0
    while index < bytes.count {
      if bytes[index] == 0x01, index + 2 < bytes.count, bytes[index + 1] <= 20 {
        let count = min(1 << Int(bytes[index + 1]), maximumExpandedLength - expanded.count)
        expanded.append(contentsOf: repeatElement(bytes[index + 2], count: max(0, count)))
        index += 3
      } else {
        expanded.append(bytes[index])
        index += 1
      }
    }
    return expanded
  }

  static func check(_ output: CommandOutput, for line: String) {
    let shown = String(line.prefix(80)).debugDescription
    if let error = output.error {
      invariant(!error.isEmpty, "an empty error for \(shown)")
      invariant(
        !error.unicodeScalars.contains(where: isLineBreak), "a multi-line error for \(shown): \(error.debugDescription)"
      )
      invariant(
        output.lines.allSatisfy { $0.hasPrefix("time: ") || $0.hasPrefix("events: ") },
        "an error with output lines for \(shown): \(output.lines.prefix(3))")
    }
    for outputLine in output.lines {
      invariant(!outputLine.unicodeScalars.contains("\n"), "an output line holds a newline for \(shown)")
    }
    let json = output.json(command: line.trimmingCharacters(in: .whitespaces)).jsonText
    invariant(!json.unicodeScalars.contains("\n"), "the JSON document spans lines for \(shown)")
    let parsed = try? JSONSerialization.jsonObject(with: Data(json.utf8))
    invariant(parsed is [String: Any], "the JSON document is not a JSON object for \(shown): \(json.prefix(200))")
  }

  static func check(_ session: Session, after line: String) {
    guard let screen = session.screen else { return }
    let shown = String(line.prefix(80)).debugDescription
    let table = screen.table
    let sections = screen.snapshot.sections
    invariant(
      table.numberOfSections == sections.count,
      "after \(shown) the table has \(table.numberOfSections) sections, the snapshot \(sections.count)")
    for (index, section) in sections.enumerated() {
      invariant(
        table.numberOfRows(inSection: index) == section.rows.count,
        "after \(shown) section \(index) has \(table.numberOfRows(inSection: index)) rows, the snapshot \(section.rows.count)"
      )
    }
    for indexPath in table.indexPathsForSelectedRows ?? [] {
      invariant(table.contains(indexPath), "after \(shown) the selected row \(indexPath) does not exist")
    }
    for indexPath in table.indexPathsForVisibleRows ?? [] {
      invariant(table.contains(indexPath), "after \(shown) the visible row \(indexPath) does not exist")
      let cell = table.cellForRow(at: indexPath) as? RowCell
      invariant(
        cell?.model == sections[indexPath.section].rows[indexPath.row],
        "after \(shown) the cell of row \(indexPath) shows another row")
    }
  }

  /// Asks completion about a line cut at the last whitespace before its middle.
  static func completeHalf(of line: String, artistNames: [String]) {
    let middle = line.index(line.startIndex, offsetBy: line.count / 2)
    let cut = line[..<middle].lastIndex(where: \.isWhitespace).map { line.index(after: $0) } ?? line.startIndex
    _ = Completion.candidates(
      before: String(line[..<cut]), word: String(line[cut...]), artistNames: artistNames)
  }

  static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "\n", "\u{0B}", "\u{0C}", "\r", "\u{85}", "\u{2028}", "\u{2029}": true
    default: false
    }
  }
}

/// Mock services with a small catalog: a few artists (one with many tracks, one with none), related
/// artists, playlists, one downloaded track and one favourite.
struct MockServices {
  let musicAPI = MockMusicAPI()
  let playlistAPI = MockPlaylistAPI()
  let downloads: MockDownloadsManager
  let favourites: MockFavouritesManager
  let artistNames: [String]

  init(downloadsCompleteImmediately: Bool) {
    let artists: [Artist] = [
      .fixture(id: "aurora-vale", name: "Aurora Vale"), .fixture(id: "blur", name: "Blur"),
      .fixture(id: "oasis", name: "Oasis"), .fixture(id: "sigur-ros", name: "Sigur Rós"),
      .fixture(id: "tokyo-jihen", name: "東京事変"), .fixture(id: "quiet", name: "The Quiet Ones"),
    ]
    artistNames = artists.map(\.name)
    musicAPI.returnArtists(artists)
    musicAPI.returnRelatedArtists([artists[1], artists[2]])
    let titles = [
      "Northern Lights", "Glass Harbour", "Ünïcödé Dreams", "夜明け", "Wonderwall", "Hello", "Supersonic",
      "A very long title that does not fit in a narrow terminal at all", "Zero", "🎶 Emoji Song", "Echo",
      "Fade", "Tides", "Ash", "Bloom", "Coda",
    ]
    let tracks = titles.enumerated().map { index, title in
      Track.fixture(
        id: Track.ID("aurora-\(index + 1)"), title: title, duration: TimeInterval(60 + index * 37),
        popularity: (index * 29) % 100,
        releaseDate: Track.fixtureReleaseDate.addingTimeInterval(Double(index) * 86_400),
        containsExplicitLyrics: index % 5 == 4, artistID: "aurora-vale")
    }
    musicAPI.returnTracks(tracks, forArtist: "aurora-vale")
    musicAPI.returnTracks([], forArtist: "quiet")
    musicAPI.returnTracksWithTitles(["Song 2", "Parklife", "Beetlebum"])
    playlistAPI.returnPlaylists([
      .fixture(id: "night-drive", name: "Night Drive", tracks: Array(tracks.prefix(4))),
      .fixture(id: "morning", name: "Morning", tracks: []),
    ])
    downloads = MockDownloadsManager(downloadedTrackIds: ["aurora-3"])
    downloads.completesDownloadsImmediately = downloadsCompleteImmediately
    favourites = MockFavouritesManager(favouritedTrackIds: ["aurora-5"])
  }
}
