import Foundation
import Services

/// The remote services of one `humble-server`: its catalog, its playlists, and one user's favourites.
///
/// ```swift
/// let services = try RemoteServices(baseURL: url, token: token)
/// let artist = try await services.musicAPI.artist(withID: "neon-harbour")
/// let favourites = try await services.openFavourites()
/// ```
public struct RemoteServices: Sendable {
  /// The catalog.
  public let musicAPI: RemoteMusicAPI
  /// The playlists.
  public let playlistAPI: RemotePlaylistAPI
  let client: CatalogClient

  /// Services of the server at `baseURL`, signed in with `token` when there is one.
  ///
  /// Nothing is sent yet; `baseURL` must be an absolute `http` or `https` URL with a host.
  public init(baseURL: URL, token: String? = nil, configuration: RemoteConfiguration = RemoteConfiguration())
    throws(RemoteSetupError)
  {
    guard let scheme = baseURL.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = baseURL.host, !host.isEmpty, baseURL.query == nil, baseURL.fragment == nil
    else { throw .invalidServerURL(baseURL.absoluteString) }
    client = CatalogClient(baseURL: baseURL, token: token, configuration: configuration)
    musicAPI = RemoteMusicAPI(client: client)
    playlistAPI = RemotePlaylistAPI(client: client)
  }

  /// Reads the signed-in user's favourites and starts the live feed that keeps them current.
  ///
  /// Fails at once with ``FavouritesError/signedOut`` when no token was given: favourites belong to a user.
  /// A token the server does not know fails as ``FavouritesError/rejected(status:reason:)`` with 401.
  public func openFavourites() async throws(FavouritesError) -> RemoteFavouritesManager {
    try await openFavourites(feedWait: FavouritesFeed.sleep)
  }

  /// ``openFavourites()`` whose feed waits through `feedWait` before each reconnection (a hook for tests).
  func openFavourites(feedWait: @escaping FavouritesFeed.Wait) async throws(FavouritesError)
    -> RemoteFavouritesManager
  {
    guard client.token != nil else { throw .signedOut }
    return try await RemoteFavouritesManager.open(client: client, feedWait: feedWait)
  }

  /// The server whose services these are, as error messages name it.
  public var serverName: String { client.serverName }
}
