/// The help text of every command.
enum Help {
  static let usage: [(name: String, usage: String, summary: String)] = [
    ("artists", "artists [query]", "list artists, or those whose names contain the query"),
    ("artist", "artist <name or id>", "open an artist's page"),
    ("reload", "reload", "fetch the page again"),
    ("sort", "sort <catalog|alphabetical|reverse|popular|newest|longest|shortest>", "order the tracks"),
    ("show", "show", "print the visible part of the table"),
    ("select", "select <row> | select <section>.<row>", "tap a row: play a track, open a playlist or artist"),
    ("download", "download <row>", "download the row's track (or cancel its download)"),
    ("favourite", "favourite <row>", "mark the row's track as a favourite"),
    ("unfavourite", "unfavourite <row>", "remove the row's track from the favourites"),
    ("help", "help [command]", "list the commands, or explain one"),
    ("quit", "quit | exit", "leave"),
  ]

  static func lines(for topic: String?) -> [String] {
    guard let topic else { return usage.map { "\($0.usage)  —  \($0.summary)" } }
    guard let entry = usage.first(where: { $0.name == topic.lowercased() }) else {
      return ["No command '\(topic)'. Commands: \(usage.map(\.name).joined(separator: ", "))."]
    }
    return ["usage: \(entry.usage)", entry.summary]
  }
}
