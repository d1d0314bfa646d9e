import Domain
import Foundation
import HumbleApp
import Presentation
import SeededRandomness
import ServicesTestSupport
import TableKit
import Testing

/// Random command lines, grammar-aware and garbage, through the session's command processor: every line
/// answers with a result or one line of error, and the table (or the grid) always agrees with the page's cell models.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct RandomCommandLineTests {
  static let lineCount = 100_000

  @Test("100,000 random command lines each answer with a result or a one-line error, and the table stays consistent")
  func randomLinesKeepTheSessionConsistent() async throws {
    let world = MockWorld()
    let session = world.makeSession()
    var generator = CommandLineGenerator(seed: 0x6875_6D62_6C65_0006)
    var answered = 0
    var failed = 0
    var linesWithAPage = 0
    var linesWithAGrid = 0
    for index in 0..<Self.lineCount {
      if index % 97 == 0 { world.toggleFault(using: &generator) }
      let line = index == 1_000 ? generator.megabyteLine() : generator.line()
      let output = await session.run(line)
      try checkAnswer(output, to: line, index: index)
      try checkTable(of: session, after: line, index: index)
      try checkGrid(of: session, after: line, index: index)
      if output.error == nil { answered += 1 } else { failed += 1 }
      if session.screen != nil || session.grid != nil { linesWithAPage += 1 }
      if session.grid != nil { linesWithAGrid += 1 }
    }
    // The generator must reach real commands on a real page, not only parse errors on an empty screen.
    #expect(answered > Self.lineCount / 5, "\(answered) lines answered without an error")
    #expect(failed > Self.lineCount / 5, "\(failed) lines answered with an error")
    #expect(linesWithAPage > Self.lineCount / 2)
    #expect(linesWithAGrid > Self.lineCount / 100, "\(linesWithAGrid) lines on a grid of posters")
    #expect(world.downloads.startedDownloads.count > 10)
    #expect(world.favourites.requests.count > 10)
  }

  @Test("Control characters and bidirectional overrides in what is typed are echoed as visible escapes")
  func controlCharactersAreEchoedVisibly() async {
    let session = MockWorld().makeSession()
    let escape = await session.run("artist \u{1B}[2J\u{202E}evil")
    #expect(escape.error == "No artist called '^[[2J<U+202E>evil'. Type 'artists' to list them.")
    let bell = await session.run("sel\u{7}ect 1")
    #expect(bell.error?.hasPrefix("Unknown command 'sel^Gect'.") == true)
  }

  @Test("A megabyte of typing is echoed in an error cut to a readable length")
  func hugeInputIsCutInTheError() async throws {
    let session = MockWorld().makeSession()
    let output = await session.run("select " + String(repeating: "9x", count: 500_000))
    let error = try #require(output.error)
    #expect(error.count < 200)
    #expect(error.hasPrefix("select: '9x9x"))
    #expect(error.contains("…' is not a row number"))
  }

  @Test("Titles from the catalog cannot steer the terminal")
  func catalogTextIsShownVisibly() async {
    let world = MockWorld()
    world.musicAPI.returnTracks([.fixture(id: "t", title: "Clear\u{1B}]0;pwned\u{7}Screen")])
    let session = world.makeSession()
    session.renderOptions = RenderOptions(width: 80, usesColour: true)
    let output = await session.run("artist oasis")
    let row = output.lines.first { $0.contains("Clear") } ?? ""
    #expect(row.contains("Clear^[]0;pwned^GScreen"))
    #expect(!row.contains("\u{7}"))
  }

  // MARK: Invariants

  private func checkAnswer(_ output: CommandOutput, to line: String, index: Int) throws {
    let context = Comment(rawValue: "line \(index): \(TerminalText.quoted(line, limit: 200))")
    if let error = output.error {
      // Besides the error, only what `timing on` and `events on` add.
      let extras = output.lines.filter { !$0.hasPrefix("time: ") && !$0.hasPrefix("events: ") }
      try #require(extras.isEmpty, context)
      try #require(!error.isEmpty, context)
      let hasNewline = error.contains(where: \.isNewline)
      try #require(!hasNewline, context)
      try #require(!containsControlCharacters(error), context)
    }
    for printed in output.lines {
      let hasNewline = printed.contains(where: \.isNewline)
      try #require(!hasNewline, context)
      try #require(!containsControlCharacters(printed), context)
    }
  }

  private func checkTable(of session: Session, after line: String, index: Int) throws {
    guard let screen = session.screen else { return }
    let context = Comment(rawValue: "line \(index): \(TerminalText.quoted(line, limit: 200))")
    let table = screen.table
    let sections = screen.snapshot.sections
    try #require(table.numberOfSections == sections.count, context)
    for (number, section) in sections.enumerated() {
      try #require(table.numberOfRows(inSection: number) == section.rows.count, context)
    }
    for selected in table.indexPathsForSelectedRows ?? [] {
      try #require(table.contains(selected), context)
    }
    try #require((table.indexPathsForSelectedRows ?? []).count <= 1, context)
    for indexPath in table.indexPathsForVisibleRows ?? [] {
      let cell = try #require(table.cellForRow(at: indexPath) as? RowCell, context)
      try #require(cell.model == sections[indexPath.section].rows[indexPath.row], context)
    }
  }

  /// Every displayed poster is bound to the grid's poster at its place.
  private func checkGrid(of session: Session, after line: String, index: Int) throws {
    guard let grid = session.grid else { return }
    let context = Comment(rawValue: "line \(index): \(TerminalText.quoted(line, limit: 200))")
    let models = grid.snapshot.cellModels
    for displayed in grid.visibleIndexes {
      try #require(models.indices.contains(displayed), context)
      try #require(grid.cell(at: displayed)?.model == models[displayed], context)
    }
  }

  private func containsControlCharacters(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }
  }
}

/// Mock services with two artists, tracks, playlists and related artists, whose faults a test can switch.
@MainActor
private final class MockWorld {
  let musicAPI = MockMusicAPI()
  let playlistAPI = MockPlaylistAPI()
  let downloads = MockDownloadsManager()
  let favourites = MockFavouritesManager()

  init() {
    let tracks = (1...14).map { number in
      Track.fixture(
        id: Track.ID("t\(number)"), title: "Song \(number)", duration: TimeInterval(60 + number * 17),
        popularity: number * 7 % 100, containsExplicitLyrics: number % 5 == 0, artistID: "oasis")
    }
    musicAPI.returnArtists([
      .fixture(id: "oasis", name: "Oasis"), .fixture(id: "blur", name: "Blur"),
      .fixture(id: "helene", name: "Hélène & the Hourglass"),
    ])
    musicAPI.returnTracks(tracks)
    musicAPI.returnTracks(Array(tracks.prefix(3)), forArtist: "blur")
    musicAPI.returnRelatedArtists([.fixture(id: "blur", name: "Blur"), .fixture(id: "pulp", name: "Pulp")])
    playlistAPI.returnPlaylists([
      .fixture(id: "p1", name: "Britpop", tracks: Array(tracks.prefix(5))),
      .fixture(id: "p2", name: "Empty"),
    ])
  }

  func makeSession() -> Session {
    Session(
      musicAPI: musicAPI, playlistAPI: playlistAPI, downloadsManager: downloads, favouritesManager: favourites,
      formatting: .englishUTC, rows: 8)
  }

  /// Switches a fault on or off: the catalog or the playlists failing for a while.
  func toggleFault(using generator: inout CommandLineGenerator) {
    switch generator.int(0..<10) {
    case 0: musicAPI.failCalls(with: .unavailable(reason: "injected fault"))
    case 1: musicAPI.failCalls(to: .tracks, with: .unavailable(reason: "tracks down"))
    case 2: playlistAPI.failCalls(with: .unavailable(reason: "playlists down"))
    case 3: favourites.failCalls(with: .storage(reason: "disk full"))
    case 4: downloads.failCalls(with: .storage(reason: "disk full"))
    default:
      musicAPI.stopFailingCalls()
      playlistAPI.stopFailingCalls()
      favourites.stopFailingCalls()
      downloads.stopFailingCalls()
    }
  }
}

/// Command lines from a seed: mostly the REPL's grammar (right and wrong arguments), some of it mutated
/// character by character, and garbage (random bytes, control characters, long lines).
struct CommandLineGenerator {
  private var random: SeededRandom

  init(seed: UInt64) {
    random = SeededRandom(seed: seed)
  }

  mutating func next() -> UInt64 {
    random.next()
  }

  mutating func int(_ range: Range<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.count))
  }

  mutating func pick<Element>(_ elements: [Element]) -> Element {
    elements[int(0..<elements.count)]
  }

  mutating func line() -> String {
    switch int(0..<100) {
    case 0..<62: return command()
    case 62..<80: return mutate(command())
    case 80..<92: return randomBytes(count: int(0..<60))
    case 92..<99: return randomScalars(count: int(0..<40))
    default: return String(repeating: pick(["select 1 ", "é", "\u{1B}", "9", " "]), count: int(1_000..<20_000))
    }
  }

  /// A line of about a megabyte.
  mutating func megabyteLine() -> String {
    pick(["artist ", "select ", "", "sort "]) + String(repeating: "x\u{1}é", count: 350_000)
  }

  /// A line of the REPL's grammar, from the commands' declarations: any command (by any of its names) with one
  /// of the arguments its declaration samples, right or wrong; or a blank line, odd case, or a misspelled name.
  private mutating func command() -> String {
    switch int(0..<24) {
    case 0: return ""
    case 1: return pick(["   ", "\t", "SELECT 2", "Sort Popular"])
    case 2:
      var name = Array(pick(CommandDeclaration.all).name)
      name.remove(at: int(0..<name.count))
      return String(name) + " " + row()
    default:
      let declaration = pick(CommandDeclaration.all)
      let name = pick([declaration.name] + declaration.aliases)
      guard !declaration.argumentSamples.isEmpty else { return name }
      var argument = pick(declaration.argumentSamples)
      while let placeholder = argument.range(of: CommandDeclaration.rowPlaceholder) {
        argument.replaceSubrange(placeholder, with: row())
      }
      return argument.isEmpty ? name : name + " " + argument
    }
  }

  private mutating func row() -> String {
    switch int(0..<10) {
    case 0..<6: return String(int(1..<18))
    case 6: return "\(int(1..<4)).\(int(1..<12))"
    case 7: return pick(["0", "-1", "0.1", "1.0", "99999999999999999999", "1..2", ".", "1.", "+3"])
    case 8: return String(Int.max)
    default: return pick(["a", "one", "½", "٣"])
    }
  }

  private mutating func mutate(_ line: String) -> String {
    var characters = Array(line)
    for _ in 0..<int(1..<4) {
      let position = characters.isEmpty ? 0 : int(0..<characters.count + 1)
      switch int(0..<5) {
      case 0 where !characters.isEmpty && position < characters.count: characters.remove(at: position)
      case 1: characters.insert(Character(randomScalar()), at: position)
      case 2 where position < characters.count: characters.insert(characters[position], at: position)
      case 3: characters = Array(String(characters).uppercased())
      default: characters.insert(pick([" ", ".", "\u{0}", "\u{7F}", "\r", "\u{85}"]), at: position)
      }
    }
    return String(characters)
  }

  private mutating func randomBytes(count: Int) -> String {
    let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }
    return String(decoding: bytes, as: UTF8.self)
  }

  private mutating func randomScalars(count: Int) -> String {
    var text = ""
    for _ in 0..<count { text.unicodeScalars.append(randomScalar()) }
    return text
  }

  private mutating func randomScalar() -> Unicode.Scalar {
    let ranges: [ClosedRange<UInt32>] = [
      0x00...0x1F, 0x20...0x7E, 0x80...0x9F, 0xA0...0x2FF, 0x300...0x36F, 0x200B...0x200F, 0x202A...0x202E,
      0x2066...0x2069, 0x3000...0x30FF, 0x1F300...0x1F64F, 0xFE00...0xFE0F, 0x1F1E6...0x1F1FF,
    ]
    let range = pick(ranges)
    let value = range.lowerBound + UInt32(next() % UInt64(range.count))
    return Unicode.Scalar(value) ?? "?"
  }
}
