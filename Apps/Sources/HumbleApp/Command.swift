import Presentation

/// A command of the REPL, parsed from one line.
public enum Command: Hashable, Sendable {
  /// `artists [query]`: list artists, optionally only those matching.
  case artists(query: String?)
  /// `artist <name or id>`: open an artist's page.
  case artist(String)
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
  /// `help [command]`.
  case help(String?)
  /// `quit` or `exit`.
  case quit
}

/// A row as the screen numbers it: `3` (a row of the whole page, counted from 1) or `2.1` (section 2,
/// row 1, both counted from 1).
public enum RowAddress: Hashable, Sendable {
  /// A row counted from 1 across the whole page.
  case row(Int)
  /// A section and a row within it, both counted from 1.
  case sectionRow(section: Int, row: Int)
}
