import Presentation
import ServicesTestSupport
import Testing

@testable import HumbleApp

@Suite struct CommandParserTests {
  @Test(arguments: [
    ("reload", Command.reload), ("  show  ", .show), ("sort popular", .sort(.mostPopular)),
    ("SORT Alphabetical", .sort(.alphabeticalAscending)), ("select 3", .select(.row(3))),
    ("select 2.1", .select(.sectionRow(section: 2, row: 1))), ("download 2", .download(.row(2))),
    ("favourite 5", .favourite(.row(5))), ("unfavourite 5", .unfavourite(.row(5))),
    ("artist Hélène & the Hourglass", .artist("Hélène & the Hourglass")), ("artists", .artists(query: nil)),
    ("artists neon", .artists(query: "neon")), ("help sort", .help("sort")), ("exit", .quit),
    ("deselect", .deselect(nil)), ("deselect 2", .deselect(.row(2))), ("scroll down", .scroll(.down)),
    ("scroll to 2.3", .scroll(.row(.sectionRow(section: 2, row: 3)))), ("cell 4", .cell(.row(4))),
    ("actions 4", .actions(.row(4))), ("action Cancel Download 4", .action(title: "Cancel Download", row: .row(4))),
    ("user age 15", .userAge(15)), ("events on", .events(true)), ("back", .back), ("timing off", .timing(false)),
    ("history", .history),
  ])
  func linesBecomeCommands(line: String, command: Command) throws {
    #expect(try CommandParser.parse(line) == command)
  }

  @Test func aBlankLineIsNoCommand() throws {
    #expect(try CommandParser.parse("   ") == nil)
  }

  @Test(arguments: [
    ("selct 1", "Unknown command 'selct'. Did you mean 'select'? Type 'help' for the list of commands."),
    ("frobnicate", "Unknown command 'frobnicate'. Type 'help' for the list of commands."),
    ("select", "select: missing row (usage: select <row> or <section>.<row>)"),
    ("select 0", "select: '0' is not a row number (rows are counted from 1, e.g. 3 or 2.1)"),
    ("download x", "download: 'x' is not a row number (rows are counted from 1, e.g. 3 or 2.1)"),
    (
      "sort sideways",
      "sort: unknown sort mode 'sideways' (use catalog|alphabetical|reverse|popular|newest|longest|shortest)"
    ),
    ("artist", "artist: missing artist name or id (usage: artist <name or id>)"),
    ("user age old", "user: usage: user age <years, 0 to 150>"),
    ("scroll sideways", "scroll: usage: scroll down|up|top|bottom or scroll to <row>"),
    ("action 3", "action: missing title or row (usage: action <title> <row>)"),
    ("events maybe", "events: usage: events on|off"),
  ])
  func badLinesGetOneSpecificLine(line: String, message: String) {
    let error = #expect(throws: CommandError.self) { try CommandParser.parse(line) }
    #expect(error?.description == message)
  }

  // Found by Tools/Fuzz (FuzzCommandLine): an unknown word was compared letter by letter with every command
  // name for a suggestion, in time proportional to its length times the names' (a megabyte took 25 s in a
  // release build, 28 s in a debug one). The work the suggestion does is counted (characters of the word read,
  // edit-distance cells computed): past the longest name it must not grow with the word, whatever the machine's
  // speed. The time a four-megabyte line takes is `Tools/Benchmarks`' ReplBenchmarks `parse: …`.
  @Test("A long unknown command costs no more to refuse than one just past the longest name, with no suggestion")
  func aLongUnknownCommandCostsNoMoreThanAShortOne() {
    let longest = CommandParser.commandNames.map(\.count).max() ?? 0
    func work(forLength length: Int) -> Int {
      var work = 0
      let word = String(repeating: "\u{FFFD}", count: length)
      #expect(CommandParser.closest(to: word, among: CommandParser.commandNames, work: &work) == nil)
      return work
    }
    let justPast = work(forLength: longest + 3)
    #expect(justPast == longest + 3)
    for length in [1_000, 100_000] {
      #expect(work(forLength: length) == justPast, "a word of \(length) characters")
    }
    let error = #expect(throws: CommandError.self) {
      try CommandParser.parse(String(repeating: "\u{FFFD}", count: 100_000) + " 1")
    }
    let echoed = String(repeating: "\u{FFFD}", count: 59) + "…"
    #expect(error?.description == "Unknown command '\(echoed)'. Type 'help' for the list of commands.")
  }

  @Test("A near miss is compared with the names of about its length only")
  func aNearMissIsComparedWithNamesOfAboutItsLength() {
    var work = 0
    #expect(CommandParser.closest(to: "selecttt", among: CommandParser.commandNames, work: &work) == "select")
    let cells = CommandParser.commandNames.filter { abs($0.count - 8) <= 2 }.map { 8 * $0.count }.reduce(0, +)
    #expect(work == 8 + cells)
  }

  @Test("A near miss of a command name is still suggested when the word is a little longer or shorter")
  func nearMissesAreStillSuggested() {
    for (line, suggestion) in [("selecttt 1", "select"), ("shw", "show"), ("unfavouritee 2", "unfavourite")] {
      let error = #expect(throws: CommandError.self) { try CommandParser.parse(line) }
      #expect(error?.description.contains("Did you mean '\(suggestion)'?") == true, "\(line)")
    }
  }
}

/// Each command is declared once; the parser, help and completion all answer from the declarations.
@Suite struct CommandDeclarationTests {
  @Test func everyDeclaredNameParsesAsItsCommandOrAsksForItsArgumentByName() {
    for declaration in CommandDeclaration.all {
      for name in [declaration.name] + declaration.aliases {
        do {
          #expect(try CommandParser.parse(name)?.declaration.name == declaration.name)
        } catch {
          #expect(error.description.hasPrefix("\(name):"), "'\(name)' alone: \(error)")
        }
      }
    }
  }

  @MainActor @Test func helpListsEveryCommandOnceAndExplainsOneByAnyOfItsNames() async {
    let session = Session(
      musicAPI: MockMusicAPI(), playlistAPI: nil, downloadsManager: MockDownloadsManager(), favouritesManager: nil)
    let list = await session.run("help").lines
    #expect(list.count == CommandDeclaration.all.count)
    #expect(list.first == "artists [query]  —  list artists, or those whose names contain the query")
    #expect(await session.run("help exit").lines == ["usage: quit | exit", "leave"])
    #expect(await session.run("help QUIT").lines == ["usage: quit | exit", "leave"])
  }

  @Test func tabOffersEveryCommandNameAndEachCommandsOwnArgumentWords() {
    #expect(Completion.candidates(before: "", word: "", artistNames: []) == CommandParser.commandNames)
    #expect(CommandParser.commandNames.last == "exit")
    for declaration in CommandDeclaration.all {
      guard case .words(let words) = declaration.argumentCompletion else { continue }
      #expect(Completion.candidates(before: "\(declaration.name) ", word: "", artistNames: []) == words)
    }
  }
}
