import Domain
import Foundation
import HumbleServer
import PostgresNIO

extension PostgresCatalogStore {
  /// Adds a user known by the SHA-256 hash (hex) of their token; ``CatalogStoreError/nameTaken(_:)`` when the
  /// name is in use (also when another server adds it at the same moment: the unique index decides).
  public func addUser(name: String, tokenHash: String) async throws(CatalogStoreError) -> ServerUser {
    guard !name.containsNUL, !tokenHash.containsNUL else {
      throw .unavailable(reason: "the name \(name.debugDescription) holds a NUL")
    }
    let logger = logger
    do {
      return try await request { connection in
        let rows = try await connection.query(
          """
          INSERT INTO server_user (name, token_hash) VALUES (\(name), \(tokenHash))
          ON CONFLICT (name) DO NOTHING RETURNING id
          """, logger: logger
        ).collect()
        guard let id = try rows.first?.decode(Int64.self) else { throw CatalogStoreError.nameTaken(name) }
        return ServerUser(id: id, name: name)
      }
    }
  }

  /// The user whose token has this hash, or nil.
  public func user(withTokenHash tokenHash: String) async throws(CatalogStoreError) -> ServerUser? {
    guard !tokenHash.containsNUL else { return nil }
    let logger = logger
    return try await request { connection in
      let rows = try await connection.query(
        "SELECT id, name FROM server_user WHERE token_hash = \(tokenHash) AND revoked_at IS NULL", logger: logger
      ).collect()
      return try rows.first.map { row in
        let (id, name) = try row.decode((Int64, String).self)
        return ServerUser(id: id, name: name)
      }
    }
  }

  /// Every user, ordered by name, with their favourite count and when their token was revoked.
  public func users() async throws(CatalogStoreError) -> [UserRecord] {
    let logger = logger
    return try await request { connection in
      let rows = try await connection.query(
        """
        SELECT name, created_at, (SELECT COUNT(*) FROM user_favourite WHERE user_id = server_user.id), revoked_at
        FROM server_user ORDER BY name COLLATE "C"
        """, logger: logger
      ).collect()
      return try rows.map { row in
        let (name, createdAt, count, revokedAt) = try row.decode((String, Date, Int, Date?).self)
        return UserRecord(name: name, createdAt: createdAt, favouriteCount: count, revokedAt: revokedAt)
      }
    }
  }

  /// Revokes a user's token; false when it was already revoked, ``CatalogStoreError/userNotFound(_:)`` when no
  /// user has the name.
  public func revokeToken(ofUserNamed name: String) async throws(CatalogStoreError) -> Bool {
    guard !name.containsNUL else { throw .userNotFound(name) }
    let logger = logger
    return try await request { connection in
      // One statement: the row's state before the update tells a revocation from one already made.
      let rows = try await connection.query(
        """
        WITH found AS (SELECT id, revoked_at FROM server_user WHERE name = \(name) FOR UPDATE),
        revoked AS (
          UPDATE server_user SET revoked_at = now() FROM found
          WHERE server_user.id = found.id AND found.revoked_at IS NULL RETURNING server_user.id
        )
        SELECT (SELECT COUNT(*) FROM found), (SELECT COUNT(*) FROM revoked)
        """, logger: logger
      ).collect()
      let (found, revoked) = try rows.first?.decode((Int, Int).self) ?? (0, 0)
      guard found > 0 else { throw CatalogStoreError.userNotFound(name) }
      return revoked > 0
    }
  }

  /// Gives a user a new token (by its hash), replacing the old one, revoked or not.
  public func replaceToken(ofUserNamed name: String, tokenHash: String) async throws(CatalogStoreError) {
    guard !name.containsNUL, !tokenHash.containsNUL else { throw .userNotFound(name) }
    let logger = logger
    try await request { connection in
      let rows = try await connection.query(
        """
        UPDATE server_user SET token_hash = \(tokenHash), revoked_at = NULL WHERE name = \(name) RETURNING id
        """, logger: logger
      ).collect()
      guard !rows.isEmpty else { throw CatalogStoreError.userNotFound(name) }
    }
  }

  /// A user's favourites, ordered by track ID, and their version, read in one snapshot.
  public func favourites(of user: ServerUser) async throws(CatalogStoreError) -> FavouritesState {
    let logger = logger
    return try await request { connection in
      // One statement, one snapshot: the list and the version always agree.
      let rows = try await connection.query(
        """
        SELECT server_user.favourites_version, user_favourite.track_id
        FROM server_user LEFT JOIN user_favourite ON user_favourite.user_id = server_user.id
        WHERE server_user.id = \(user.id)
        ORDER BY user_favourite.track_id COLLATE "C"
        """, logger: logger
      ).collect()
      var version = 0
      var trackIDs: [Track.ID] = []
      for row in rows {
        let (rowVersion, trackID) = try row.decode((Int, String?).self)
        version = rowVersion
        if let trackID { trackIDs.append(Track.ID(trackID)) }
      }
      return FavouritesState(trackIDs: trackIDs, version: version)
    }
  }

  /// Sets whether a track is one of a user's favourites, idempotently and race-free across servers.
  ///
  /// The user's row is locked for the transaction (`SELECT … FOR UPDATE`), so one user's changes are applied
  /// one at a time whichever server takes them: each real change grows the version by exactly one, and its
  /// `NOTIFY` is delivered in commit order. Setting the state a track already has changes nothing.
  public func setFavourited(
    _ isFavourited: Bool, trackID: Track.ID, for user: ServerUser
  ) async throws(CatalogStoreError) -> FavouriteEvent {
    let logger = logger
    let channel = FavouriteListener.channel
    if trackID.rawValue.containsNUL {
      if isFavourited { throw .trackNotFound(trackID) }
      let version = try await favourites(of: user).version
      return FavouriteEvent(userID: user.id, trackID: trackID, isFavourited: false, version: version)
    }
    return try await transaction { connection in
      let locked = try await connection.query(
        "SELECT favourites_version FROM server_user WHERE id = \(user.id) FOR UPDATE", logger: logger
      ).collect()
      guard var version = try locked.first?.decode(Int.self) else {
        throw CatalogStoreError.unavailable(reason: "the user \(user.name.debugDescription) no longer exists")
      }
      let changed: Bool
      if isFavourited {
        let exists =
          try await connection.query(
            "SELECT EXISTS (SELECT 1 FROM track WHERE id = \(trackID.rawValue))", logger: logger
          ).collect().first?.decode(Bool.self) ?? false
        guard exists else { throw CatalogStoreError.trackNotFound(trackID) }
        changed = try await !connection.query(
          """
          INSERT INTO user_favourite (user_id, track_id) VALUES (\(user.id), \(trackID.rawValue))
          ON CONFLICT DO NOTHING RETURNING 1
          """, logger: logger
        ).collect().isEmpty
      } else {
        changed = try await !connection.query(
          "DELETE FROM user_favourite WHERE user_id = \(user.id) AND track_id = \(trackID.rawValue) RETURNING 1",
          logger: logger
        ).collect().isEmpty
      }
      if changed {
        version += 1
        try await connection.query(
          "UPDATE server_user SET favourites_version = \(version) WHERE id = \(user.id)", logger: logger)
        let event = FavouriteEvent(userID: user.id, trackID: trackID, isFavourited: isFavourited, version: version)
        try await connection.query(
          "SELECT pg_notify(\(channel), \(FavouriteListener.payload(event)))", logger: logger)
      }
      return FavouriteEvent(userID: user.id, trackID: trackID, isFavourited: isFavourited, version: version)
    }
  }
}
