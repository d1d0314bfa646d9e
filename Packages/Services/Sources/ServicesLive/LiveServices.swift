import Foundation

/// Every live service over one storage location: the catalog database, the music and playlist APIs, the
/// downloads and favourites managers, and the catalog's artwork and its loader.
///
/// Every artist's image and playlist's artwork is a cover generated from its identifier, named as a `file:` URL in
/// ``StorageLocation/artworkDirectory`` (``CatalogArtwork``) and written when ``artworkLoader`` first loads it.
///
/// ```swift
/// let services = try LiveServices.open()   // ~/.local/share/humble, demo catalog on first run
/// let tracks = try await services.musicAPI.tracks(ofArtist: "neon-harbour")
/// ```
public final class LiveServices: Sendable {
  /// Where the database and files are.
  public let location: StorageLocation
  /// The database behind every service.
  public let database: CatalogDatabase
  /// The catalog's artists and tracks.
  public let musicAPI: LiveMusicAPI
  /// The catalog's playlists.
  public let playlistAPI: LivePlaylistAPI
  /// Real downloads into the files directory.
  public let downloadsManager: LiveDownloadsManager
  /// Persistent favourites.
  public let favouritesManager: LiveFavouritesManager
  /// The catalog's covers, which the artists' and playlists' artwork URLs name.
  public let artwork: CatalogArtwork
  /// Loads artwork, generating the catalog's covers on their first load.
  public let artworkLoader: LiveArtworkLoader

  /// Options for ``open(_:options:)``.
  public struct Options: Sendable {
    /// Whether an empty catalog gets the bundled demo catalog (and its stream files).
    public var importsDemoCatalogWhenEmpty: Bool
    /// How downloads transfer.
    public var downloads: LiveDownloadsManager.Configuration
    /// Whether the database opens read-only.
    ///
    /// Browsing works, and favourites and downloads fail with one clear error. A database file that cannot
    /// be written opens read-only anyway.
    public var readOnly: Bool
    /// How long a change waits for another process that is writing to the database before it fails.
    public var busyTimeout: Duration
    /// How artwork loads: its limits and caches.
    public var artworkLoading: LiveArtworkLoader.Configuration
    /// Holds the downloads manager's transfers mid-way until a test releases them (tests only).
    var transferGate: TransferGate?

    /// Creates options; by default an empty catalog gets the demo catalog.
    public init(
      importsDemoCatalogWhenEmpty: Bool = true,
      downloads: LiveDownloadsManager.Configuration = LiveDownloadsManager.Configuration(),
      readOnly: Bool = false,
      busyTimeout: Duration = CatalogDatabase.defaultBusyTimeout,
      artworkLoading: LiveArtworkLoader.Configuration = LiveArtworkLoader.Configuration()
    ) {
      self.artworkLoading = artworkLoading
      self.importsDemoCatalogWhenEmpty = importsDemoCatalogWhenEmpty
      self.downloads = downloads
      self.readOnly = readOnly
      self.busyTimeout = busyTimeout
    }
  }

  /// Opens (creating when needed) the database at `location`, imports the demo catalog into an empty one,
  /// makes sure the demo catalog's stream files exist, and starts the managers.
  public static func open(
    _ location: StorageLocation = .userDefault(),
    options: Options = Options()
  ) throws(CatalogDatabaseError) -> LiveServices {
    let database = try CatalogDatabase.open(
      at: location.databaseURL, createsDirectory: location.createsDatabaseDirectory, readOnly: options.readOnly,
      busyTimeout: options.busyTimeout)
    do {
      try FileManager.default.createDirectory(
        at: location.filesDirectory, withIntermediateDirectories: true, attributes: StorageLocation.privateDirectory)
    } catch {
      throw .filesDirectory(path: location.filesDirectory.path, reason: error.localizedDescription)
    }
    if options.importsDemoCatalogWhenEmpty, !database.isReadOnly, try database.isCatalogEmpty() {
      try DemoCatalog.import(into: database, streamsDirectory: location.streamsDirectory)
    }
    if try database.metadata(forKey: DemoCatalog.metadataKey) != nil {
      try DemoCatalog.createMissingStreamFiles(in: database)
    }
    // An in-memory catalog's files live in a directory of their own that nothing can reopen: it goes when
    // the last thing that uses it (these services, or a downloads manager still transferring) is gone.
    let removal = location.databaseURL == nil ? DirectoryRemoval(directory: location.filesDirectory) : nil
    return LiveServices(
      location: location,
      database: database,
      downloadsManager: try LiveDownloadsManager(
        database: database, location: location, configuration: options.downloads, removingWhenDone: removal,
        gate: options.transferGate),
      favouritesManager: try LiveFavouritesManager(database: database),
      artworkLoading: options.artworkLoading
    )
  }

  private init(
    location: StorageLocation,
    database: CatalogDatabase,
    downloadsManager: LiveDownloadsManager,
    favouritesManager: LiveFavouritesManager,
    artworkLoading: LiveArtworkLoader.Configuration
  ) {
    self.location = location
    self.database = database
    let artwork = CatalogArtwork(directory: location.artworkDirectory, database: database)
    self.artwork = artwork
    self.artworkLoader = LiveArtworkLoader(configuration: artworkLoading, localArtwork: artwork)
    self.musicAPI = LiveMusicAPI(database: database, artwork: artwork)
    self.playlistAPI = LivePlaylistAPI(database: database, artwork: artwork)
    self.downloadsManager = downloadsManager
    self.favouritesManager = favouritesManager
  }
}
