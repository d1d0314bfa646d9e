import Foundation
import HumbleApp
import ServicesTestSupport
import Testing

/// The commands' declarations are the one place a command is described: these tests hold help, the README and the
/// session's page check to them.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct CommandDeclarationsTests: OasisSessionFixture {
  let musicAPI = MockMusicAPI()
  let downloads = MockDownloadsManager()
  let favourites = MockFavouritesManager()

  @Test func theReadmesTableOfCommandsIsTheOneTheDeclarationsMake() throws {
    let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("README.md")
    let text = try String(contentsOf: readme, encoding: .utf8)
    let start = "<!-- commands: from the declarations; CommandDeclarationsTests prints the table to paste -->\n"
    let end = "\n<!-- end of commands -->"
    let table = try #require(
      text.range(of: start).flatMap { opening in
        text.range(of: end, range: opening.upperBound..<text.endIndex).map { text[opening.upperBound..<$0.lowerBound] }
      }, "Apps/README.md has no table of commands between \(start) and \(end)")
    #expect(
      String(table) == Help.markdownTable,
      "Apps/README.md's table of commands is not what the declarations say; paste this:\n\(Help.markdownTable)")
  }

  @Test func everyCommandThatNeedsAPageSaysSoWhenNoneIsOpenAndNoOtherDoes() async throws {
    for declaration in CommandDeclaration.all {
      let session = makeSession()
      let output = await session.run(declaration.example)
      let refused = output.error == "No artist page is open: use 'artist <name or id>' first."
      #expect(refused == declaration.needsPage, "\(declaration.example): \(output.error ?? "no error")")
    }
  }

  @Test func everyExampleIsTheCommandItExemplifies() throws {
    for declaration in CommandDeclaration.all {
      let command = try #require(try CommandParser.parse(declaration.example), "\(declaration.example)")
      #expect(command.declaration.name == declaration.name, "\(declaration.example)")
    }
  }

  @Test func everyCommandIsNamedOnceAndHelpListsEachOne() async {
    let names = CommandDeclaration.all.flatMap { [$0.name] + $0.aliases }
    #expect(Set(names).count == names.count)
    let help = await makeSession().run("help").lines
    #expect(help.map { String($0.prefix { $0 != " " }) } == CommandDeclaration.all.map(\.name))
  }
}
