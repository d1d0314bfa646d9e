import Foundation

/// The per-user base directories of the XDG Base Directory Specification, worked out in one place, so that the
/// catalog (data), the REPL's history (state) and the artwork cache (cache) go where the same environment says.
///
/// A variable counts only when it holds an absolute path, as the specification asks; otherwise the directory
/// is the specification's default under ``home``.
public struct UserDirectories: Sendable, Equatable {
  /// `$HOME` when it is set and not empty, else the home directory that the password database gives.
  public var home: URL
  /// `$XDG_DATA_HOME`, else `$HOME/.local/share`: where the catalog and downloads live.
  public var dataHome: URL
  /// `$XDG_STATE_HOME`, else `$HOME/.local/state`: where the REPL keeps its history.
  public var stateHome: URL
  /// `$XDG_CACHE_HOME`, else `$HOME/.cache`: where the artwork cache lives (anything there can be fetched again).
  public var cacheHome: URL

  /// The directories that `environment` names.
  public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    let home = URL(
      fileURLWithPath: environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory(), isDirectory: true)
    func base(_ variable: String, default relativePath: String) -> URL {
      if let path = environment[variable], path.hasPrefix("/") { return URL(fileURLWithPath: path, isDirectory: true) }
      return home.appendingPathComponent(relativePath, isDirectory: true)
    }
    self.home = home
    dataHome = base("XDG_DATA_HOME", default: ".local/share")
    stateHome = base("XDG_STATE_HOME", default: ".local/state")
    cacheHome = base("XDG_CACHE_HOME", default: ".cache")
  }
}
