#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal a session draws on: its size, and what the viewport and colour default to.
public enum Terminal {
  /// The size in character cells of the terminal `fileDescriptor` (standard output unless told) writes to, or
  /// nil when it is not a terminal.
  public static func size(of fileDescriptor: Int32 = STDOUT_FILENO) -> (rows: Int, columns: Int)? {
    var size = winsize()
    guard isatty(fileDescriptor) == 1, ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
      return nil
    }
    return (Int(size.ws_row), Int(size.ws_col))
  }

  /// The viewport's height in rows: the one asked for (`--rows`), else the terminal's less four (at least
  /// three) in an interactive session, else 20.
  public static func viewportRows(requested: Int?, interactive: Bool, terminalRows: Int?) -> Int {
    requested ?? (interactive ? terminalRows.map { max(3, $0 - 4) } : nil) ?? 20
  }

  /// Whether lines carry colour: only in an interactive session writing to a terminal, without `--no-color` or
  /// `--json`, and never when `NO_COLOR` is set (to anything but nothing) or `TERM` is `dumb`.
  public static func usesColour(
    interactive: Bool, noColor: Bool, json: Bool, outputIsATerminal: Bool, environment: [String: String]
  ) -> Bool {
    interactive && !noColor && !json && outputIsATerminal
      && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
  }

  /// How artwork is coloured: not at all unless lines carry colour (`usesColour`); in 24-bit colour when
  /// `COLORTERM` says the terminal supports it (`truecolor` or `24bit`, in any case); else in the 256-colour palette.
  public static func artworkColours(usesColour: Bool, environment: [String: String]) -> ArtworkColours {
    guard usesColour else { return .none }
    switch environment["COLORTERM"]?.lowercased() {
    case "truecolor", "24bit": return .trueColour
    default: return .palette256
    }
  }
}
