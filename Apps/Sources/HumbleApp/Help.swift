/// The help text of every command.
enum Help {
  static let usage: [(name: String, usage: String, summary: String)] = [
    ("artists", "artists [query]", "list artists, or those whose names contain the query"),
    ("artist", "artist <name or id>", "open an artist's page"),
    ("reload", "reload", "fetch the page again"),
    ("sort", "sort <catalog|alphabetical|reverse|popular|newest|longest|shortest>", "order the tracks"),
    ("show", "show", "print the visible part of the table"),
    ("select", "select <row> | select <section>.<row>", "tap a row: play a track, open a playlist or artist"),
    ("deselect", "deselect [row]", "deselect a row as a user would (the selected one by default)"),
    ("scroll", "scroll down|up|top|bottom | scroll to <row>", "move the viewport"),
    ("cell", "cell <row>", "the cell model bound to a row, field by field"),
    ("actions", "actions <row>", "the row's edit actions"),
    ("action", "action <title> <row>", "perform one of the row's edit actions"),
    ("download", "download <row>", "download the row's track (or cancel its download)"),
    ("favourite", "favourite <row>", "mark the row's track as a favourite"),
    ("unfavourite", "unfavourite <row>", "remove the row's track from the favourites"),
    ("user", "user age <n>", "the viewer's age (explicit tracks hide under 18)"),
    ("events", "events on|off", "print delegate calls, notifications and batch updates as they happen"),
    ("back", "back", "return to the previous page"),
    ("timing", "timing on|off", "print how long each command took"),
    ("history", "history", "the last \(Session.historyLimit) commands run"),
    ("wait", "wait", "wait until the page's tracks and running downloads are in, then show the page"),
    ("help", "help [command]", "list the commands, or explain one"),
    ("quit", "quit | exit", "leave"),
  ]

  static func lines(for topic: String?) -> [String] {
    guard let topic else { return usage.map { "\($0.usage)  —  \($0.summary)" } }
    guard let entry = usage.first(where: { $0.name == topic.lowercased() }) else {
      return ["No command \(TerminalText.quoted(topic)). Commands: \(usage.map(\.name).joined(separator: ", "))."]
    }
    return ["usage: \(entry.usage)", entry.summary]
  }
}
