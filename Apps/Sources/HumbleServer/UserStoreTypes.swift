import Domain

/// A user of a catalog server.
public struct StoredUser: Hashable, Sendable, Identifiable {
  /// The identifier of a user in the database.
  public typealias ID = Int64

  /// The user's identifier.
  public var id: ID
  /// The user's unique name.
  public var name: String

  /// Creates a user.
  public init(id: ID, name: String) {
    self.id = id
    self.name = name
  }
}

/// A user's favourite tracks and their version.
public struct UserFavourites: Hashable, Sendable {
  /// The favourite tracks, ordered by ID.
  public var trackIDs: [Track.ID]
  /// Grows by one with each change of the user's favourites.
  public var version: Int

  /// Creates the favourites.
  public init(trackIDs: [Track.ID], version: Int) {
    self.trackIDs = trackIDs
    self.version = version
  }
}

/// A track's favourite state for one user, and that user's favourites' version after the change.
public struct UserFavouriteChange: Hashable, Sendable {
  /// The user whose favourites these are.
  public var userID: StoredUser.ID
  /// The track.
  public var trackID: Track.ID
  /// Whether the track is a favourite now.
  public var isFavourited: Bool
  /// The favourites' version after the change (unchanged when nothing changed).
  public var version: Int

  /// Creates a change.
  public init(userID: StoredUser.ID, trackID: Track.ID, isFavourited: Bool, version: Int) {
    self.userID = userID
    self.trackID = trackID
    self.isFavourited = isFavourited
    self.version = version
  }
}

/// Why a ``LiveUserStore`` request failed.
public enum UserStoreError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Another user already has this name.
  case nameTaken(String)
  /// The name cannot be stored (it holds a NUL character).
  case invalidName(String)
  /// The catalog has no track with this identifier.
  case trackNotFound(Track.ID)
  /// No user has this name.
  case userNotFound(String)
  /// The database could not be read or written; `reason` says why.
  case unavailable(reason: String)

  /// A one-line explanation for people.
  public var description: String {
    switch self {
    case .nameTaken(let name): "A user named '\(name)' already exists."
    case .invalidName(let name): "The user name \(name.debugDescription) holds a NUL character."
    case .trackNotFound(let id): "No track with ID '\(id)' in the catalog."
    case .userNotFound(let name): "No user named '\(name)'."
    case .unavailable(let reason): "The user database is unavailable: \(reason)"
    }
  }
}
