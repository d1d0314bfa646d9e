import Foundation

/// Where the live services keep the catalog database and the files that go with it.
///
/// The files directory holds `downloads/` (downloaded tracks), `downloads/.partial/` (transfers in flight)
/// `streams/` (the demo catalog's stream files) and `artwork/` (covers generated on their first load).
public struct StorageLocation: Hashable, Sendable {
  /// The database file, or nil for a database that lives in memory only.
  public var databaseURL: URL?
  /// The directory for downloads and stream files.
  public var filesDirectory: URL
  /// Whether opening creates the database file's directory when it is missing (true for the per-user
  /// default; false for a path someone typed, where a missing directory is more likely a mistake).
  public var createsDatabaseDirectory: Bool

  /// A location with an explicit database file and files directory.
  public init(databaseURL: URL?, filesDirectory: URL, createsDatabaseDirectory: Bool = false) {
    self.databaseURL = databaseURL
    self.filesDirectory = filesDirectory
    self.createsDatabaseDirectory = createsDatabaseDirectory
  }

  /// A database file at `databaseURL`, with its files in a sibling directory named `<name>-files`.
  public static func database(at databaseURL: URL) -> StorageLocation {
    let name = databaseURL.deletingPathExtension().lastPathComponent
    return StorageLocation(
      databaseURL: databaseURL,
      filesDirectory: databaseURL.deletingLastPathComponent().appendingPathComponent("\(name)-files", isDirectory: true)
    )
  }

  /// A database in memory, with its files in a new directory under the system's temporary directory.
  public static func inMemory() -> StorageLocation {
    StorageLocation(
      databaseURL: nil,
      filesDirectory: FileManager.default.temporaryDirectory
        .appendingPathComponent("humble-in-memory-\(UUID().uuidString)", isDirectory: true)
    )
  }

  /// The per-user default: `catalog.sqlite` in `$XDG_DATA_HOME/humble`, else `~/.local/share/humble`.
  public static func userDefault(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> StorageLocation
  {
    var location = database(
      at: defaultDataDirectory(environment: environment).appendingPathComponent("catalog.sqlite"))
    location.createsDatabaseDirectory = true
    return location
  }

  /// Where `humble --server URL` keeps what stays on this device (downloads and their records): a database
  /// `downloads.sqlite` in `servers/HOST-PORT` of the per-user data directory, one per server.
  ///
  /// The catalog comes from the server; this database holds no catalog, only the downloads table.
  public static func forServer(_ serverURL: URL, environment: [String: String] = ProcessInfo.processInfo.environment)
    -> StorageLocation
  {
    let host = serverURL.host ?? "server"
    let port = serverURL.port.map(String.init) ?? (serverURL.scheme?.lowercased() == "https" ? "443" : "80")
    // Only letters, digits, dots and dashes reach the file system: a host cannot name a path.
    let name = "\(host)-\(port)".map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" }
    var location = database(
      at: defaultDataDirectory(environment: environment)
        .appendingPathComponent("servers", isDirectory: true)
        .appendingPathComponent(String(name), isDirectory: true)
        .appendingPathComponent("downloads.sqlite"))
    location.createsDatabaseDirectory = true
    return location
  }

  /// `$XDG_DATA_HOME/humble` when that variable holds an absolute path (as the XDG specification requires),
  /// else `$HOME/.local/share/humble`.
  public static func defaultDataDirectory(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> URL
  {
    UserDirectories(environment: environment).dataHome.appendingPathComponent("humble", isDirectory: true)
  }

  /// Where finished downloads are stored.
  public var downloadsDirectory: URL { filesDirectory.appendingPathComponent("downloads", isDirectory: true) }

  /// Where transfers in flight write before they are complete.
  public var partialDownloadsDirectory: URL {
    downloadsDirectory.appendingPathComponent(".partial", isDirectory: true)
  }

  /// The attributes of every directory the live services create: readable by their owner only.
  ///
  /// The tracks and favourites in them are the user's own. Directories that already exist are left as they
  /// are: their owner chose their permissions.
  static var privateDirectory: [FileAttributeKey: Any] { [.posixPermissions: 0o700] }

  /// Where the catalog's covers are kept, each generated and written on its first load (``CatalogArtwork``); the
  /// folder `humble-server` keeps them in by default too.
  public var artworkDirectory: URL { filesDirectory.appendingPathComponent("artwork", isDirectory: true) }

  /// Where the demo catalog's stream files are created.
  public var streamsDirectory: URL { filesDirectory.appendingPathComponent("streams", isDirectory: true) }
}
