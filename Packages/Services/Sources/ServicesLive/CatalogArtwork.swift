import Domain
import Foundation
import GRDB
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
  }

  /// The URL of `owner`'s cover: its file in ``directory``, its artwork identifier as the fragment.
  public func url(of owner: ArtworkOwner) -> URL {
    let file = directory.appendingPathComponent(ArtworkFolder.fileName(of: owner.artworkID), isDirectory: false)
    var components = URLComponents(url: file, resolvingAgainstBaseURL: false)
    components?.fragment = owner.artworkID
    return components?.url ?? file
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
