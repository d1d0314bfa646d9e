import Presentation

/// A command of the REPL, parsed from one line.
public enum Command: Hashable, Sendable {
  /// `artists [query]`: list artists, optionally only those matching.
  case artists(query: String?)
  /// `artist <name or id>`: open an artist's page.
  case artist(String)
  /// `favourites`: open the page of every favourite track, which follows the favourites as they change.
  case favourites
  /// `reload`: fetch the page again.
  case reload
  /// `sort <mode>`: order the tracks.
  case sort(TrackSortMode)
  /// `show`: print the visible part of the table.
  case show
  /// `select <row>`: tap a row.
  case select(RowAddress)
  /// `download <row>`: perform the row's Download action.
  case download(RowAddress)
  /// `favourite <row>`: perform the row's Favourite action.
  case favourite(RowAddress)
  /// `unfavourite <row>`: perform the row's Unfavourite action.
  case unfavourite(RowAddress)
  /// `deselect [row]`: deselect a row as a user would (the selected one when no row is given).
  case deselect(RowAddress?)
  /// `scroll down|up|top|bottom` or `scroll to <row>`.
  case scroll(ScrollTarget)
  /// `cell <row>`: the cell model bound to a row, field by field.
  case cell(RowAddress)
  /// `actions <row>`: the row's edit actions.
  case actions(RowAddress)
  /// `action <title> <row>`: perform one of the row's edit actions through the table view.
  case action(title: String, row: RowAddress)
  /// `user age <n>`: the viewer's age.
  case userAge(Int)
  /// `events on|off`: print delegate calls, notifications and batch updates as they happen.
  case events(Bool)
  /// `back`: return to the previous page.
  case back
  /// `timing on|off`: print how long each command took.
  case timing(Bool)
  /// `history`: the commands run so far.
  case history
  /// `wait`: wait until the page's tracks have all arrived and running downloads finish, then show the page.
  case wait
  /// `help [command]`.
  case help(String?)
  /// `quit` or `exit`.
  case quit
}

/// Where `scroll` goes.
public enum ScrollTarget: Hashable, Sendable {
  /// One viewport down.
  case down
  /// One viewport up.
  case up
  /// The first row.
  case top
  /// The last row.
  case bottom
  /// A row, brought to the top.
  case row(RowAddress)
}

/// A row as the screen numbers it: `3` (a row of the whole page, counted from 1) or `2.1` (section 2,
/// row 1, both counted from 1).
public enum RowAddress: Hashable, Sendable {
  /// A row counted from 1 across the whole page.
  case row(Int)
  /// A section and a row within it, both counted from 1.
  case sectionRow(section: Int, row: Int)
}
