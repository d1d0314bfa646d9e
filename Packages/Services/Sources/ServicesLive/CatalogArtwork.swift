import Domain
import Foundation
import GRDB
import HumbleSupport
import Services

/// The embedded catalog's artwork: every artist's and playlist's cover as a `file:` URL in the catalog's
/// ``ArtworkFolder``, generated and written on the first load of that URL, never when the URL is named.
///
/// An owner's URL is its cover's file, with its artwork identifier as the fragment:
/// `file:///…/catalog-files/artwork/<SHA-256 of artist-solo>.png#artist-solo`. A reader that knows nothing of
/// covers reads the file once it exists; ``LiveArtworkLoader``, given this artwork, reads the fragment, checks that
/// the catalog has that owner (an owner it does not have is not found, and nothing is written) and has the folder
/// generate a cover that is missing or damaged.
///
/// ```swift
/// let artwork = CatalogArtwork(directory: location.artworkDirectory, database: database)
/// let url = artwork.url(of: .artist("solo"))   // nothing written yet
/// let loader = LiveArtworkLoader(localArtwork: artwork)
/// let cover = try await loader.artwork(for: url)   // generated, written, decoded: 256 × 256
/// ```
public struct CatalogArtwork: Sendable {
  /// The folder the covers are kept in.
  public let folder: ArtworkFolder
  /// The catalog whose artists and playlists have covers.
  public let database: CatalogDatabase
  /// Where the covers' files are.
  public let directory: URL

  /// The artwork of `database`'s artists and playlists, kept in `directory` (created when the first cover is
  /// written).
  public init(directory: URL, database: CatalogDatabase) {
    self.directory = directory.standardizedFileURL
    self.database = database
    folder = ArtworkFolder(directory: self.directory)
    let text = self.directory.absoluteString
    directoryURLText = text.hasSuffix("/") ? text : text + "/"
  }

  /// ``directory``'s URL as text, ending in a slash: what every cover's URL starts with.
  private let directoryURLText: String
  /// The owners' URLs worked out so far, by artwork identifier (shared by copies of this artwork).
  private let urls = Locked<[String: URL]>([:])

  /// The URL of `owner`'s cover: its file in ``directory``, its artwork identifier as the fragment.
  public func url(of owner: ArtworkOwner) -> URL {
    // Every list of artists names each one's cover: 1,001 URLs for the `artists` command, where hashing the
    // identifier and reading the URL cost more than the query. Each owner's URL is worked out once.
    let artworkID = owner.artworkID
    if let known = urls.withLock({ $0[artworkID] }) { return known }
    let url = Self.url(of: artworkID, in: directory, directoryURLText: directoryURLText)
    urls.withLock { urls in
      if urls.count >= Self.rememberedURLs { urls.removeAll(keepingCapacity: true) }
      urls[artworkID] = url
    }
    return url
  }

  /// How many owners' URLs are remembered (default 65,536, about 16 MB at most); past it they are forgotten and
  /// worked out again.
  static let rememberedURLs = 65_536

  /// The URL of the cover of the owner with `artworkID`, in `directory`.
  private static func url(of artworkID: String, in directory: URL, directoryURLText: String) -> URL {
    // One URL read from text: the directory's URL is written once (``directoryURLText``), and the file name
    // needs no escaping.
    let fragment =
      artworkID.utf8.allSatisfy(isAllowedInFragment)
      ? artworkID : artworkID.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed) ?? artworkID
    let fileName = ArtworkFolder.fileName(of: artworkID)
    if let url = URL(string: directoryURLText + fileName + "#" + fragment) { return url }
    let file = directory.appendingPathComponent(fileName, isDirectory: false)
    var components = URLComponents(url: file, resolvingAgainstBaseURL: false)
    components?.fragment = artworkID
    return components?.url ?? file
  }

  /// Whether a fragment may hold `byte` as it is (RFC 3986: unreserved, sub-delimiters, ":", "@", "/" and "?";
  /// the characters of `CharacterSet.urlFragmentAllowed`), so that most identifiers skip percent-encoding.
  private static func isAllowedInFragment(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default: "-._~!$&'()*+,;=:@/?".utf8.contains(byte)
    }
  }

  /// The owner whose cover `url` names, or nil when it is not one of this artwork's URLs (another scheme or
  /// folder, no fragment, or a file name that is not the fragment's).
  public func owner(at url: URL) -> ArtworkOwner? {
    guard url.isFileURL,
      url.deletingLastPathComponent().standardizedFileURL.path == directory.path,
      let artworkID = URLComponents(url: url, resolvingAgainstBaseURL: false)?.fragment,
      let owner = ArtworkOwner(artworkID: artworkID, where: { !$0.isEmpty && !$0.containsNUL }),
      url.lastPathComponent == ArtworkFolder.fileName(of: artworkID)
    else { return nil }
    return owner
  }

  /// The PNG of `owner`'s cover, named by `url`, or why there is none.
  ///
  /// Not found when the catalog has no such owner (nothing is written); else the kept file, or a cover generated
  /// and written now. Blocking for the milliseconds a cover takes to generate.
  func png(of owner: ArtworkOwner, at url: URL) async -> Result<[UInt8], ArtworkLoadError> {
    let exists: Bool
    do {
      exists = try await database.read(
        { db in
          let table =
            switch owner {
            case .artist: "artist"
            case .playlist: "playlist"
            }
          let id =
            switch owner {
            case .artist(let id): id.rawValue
            case .playlist(let id): id.rawValue
            }
          return try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \(table) WHERE id = ?)", arguments: [id])
            ?? false
        },
        describingErrorsWith: { error -> ArtworkLoadError in
          error == .cancelled ? .cancelled : .unreachable(url, reason: "the catalog cannot be read: \(error)")
        })
    } catch {
      return .failure(error)
    }
    guard exists else { return .failure(.notFound(url)) }
    if Task.isCancelled { return .failure(.cancelled) }
    do {
      return .success(try folder.cover(of: owner, report: { _ in }))
    } catch {
      return .failure(.notAnImage(url, reason: "the cover cannot be generated: \(error)"))
    }
  }
}
