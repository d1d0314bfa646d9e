import ArgumentParser

/// `humble-catalog`: generates large catalogs and prints what a catalog holds.
@main
struct HumbleCatalog: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "humble-catalog",
    abstract: "Generate Humble catalogs and print what a catalog holds.",
    subcommands: [GenerateCommand.self, SummaryCommand.self]
  )
}
