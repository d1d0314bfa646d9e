import Domain
import Foundation
import GRDB
import HumbleSupport
import Services
import ServicesLive

/// The users of a catalog server and each one's favourites, in the catalog database.
///
/// A user is found by the hash of their token (the token itself is never stored). Each change of a user's
/// favourites grows that user's version by one and, once committed, is announced through ``changes()``, in
/// commit order.
public final class LiveUserStore: Sendable {
  private let database: CatalogDatabase
  private let broadcaster = ChangeBroadcaster<UserFavouriteChange>()

  /// Creates the store over a catalog database.
  public init(database: CatalogDatabase) {
    self.database = database
  }

  /// Adds a user; fails with ``UserStoreError/nameTaken(_:)`` when the name is in use.
  @discardableResult
  public func addUser(name: String, tokenHash: String) async throws(UserStoreError) -> StoredUser {
    guard !name.containsNUL, !tokenHash.containsNUL else { throw .invalidName(name) }
    return try await write { db in
      let taken =
        try Bool.fetchOne(
          db, sql: #"SELECT EXISTS (SELECT 1 FROM "user" WHERE name = ?)"#, arguments: [name]) ?? false
      guard !taken else { throw UserStoreError.nameTaken(name) }
      try db.execute(
        sql: #"INSERT INTO "user" (name, tokenHash, createdAt) VALUES (?, ?, ?)"#,
        arguments: [name, tokenHash, Date().timeIntervalSince1970])
      return StoredUser(id: db.lastInsertedRowID, name: name)
    }
  }

  /// The user whose token has this hash, or nil.
  public func user(withTokenHash tokenHash: String) async throws(UserStoreError) -> StoredUser? {
    guard !tokenHash.containsNUL else { return nil }
    return try await read { db in
      try Row.fetchOne(
        db, sql: #"SELECT id, name FROM "user" WHERE tokenHash = ? AND revokedAt IS NULL"#, arguments: [tokenHash]
      )
      .map { StoredUser(id: $0[0], name: $0[1]) }
    }
  }

  /// Every user, ordered by name, with their favourite count and when their token was revoked.
  public func users() async throws(UserStoreError) -> [UserRecord] {
    try await read { db in
      try Row.fetchAll(
        db,
        sql: #"""
          SELECT name, createdAt, (SELECT COUNT(*) FROM userFavourite WHERE userID = "user".id), revokedAt
          FROM "user" ORDER BY name
          """#
      ).map { row in
        UserRecord(
          name: row[0], createdAt: Date(timeIntervalSince1970: row[1]), favouriteCount: row[2],
          revokedAt: (row[3] as Double?).map { Date(timeIntervalSince1970: $0) })
      }
    }
  }

  /// Revokes a user's token; answers false when it was already revoked, ``UserStoreError/userNotFound(_:)`` when
  /// no user has the name.
  public func revokeToken(ofUserNamed name: String) async throws(UserStoreError) -> Bool {
    guard !name.containsNUL else { throw .userNotFound(name) }
    return try await write { db in
      guard
        let revokedAt = try Row.fetchOne(db, sql: #"SELECT revokedAt FROM "user" WHERE name = ?"#, arguments: [name])
      else { throw UserStoreError.userNotFound(name) }
      guard (revokedAt[0] as Double?) == nil else { return false }
      try db.execute(
        sql: #"UPDATE "user" SET revokedAt = ? WHERE name = ?"#, arguments: [Date().timeIntervalSince1970, name])
      return true
    }
  }

  /// Gives a user a new token (by its hash), replacing the old one, revoked or not.
  public func replaceToken(ofUserNamed name: String, tokenHash: String) async throws(UserStoreError) {
    guard !name.containsNUL, !tokenHash.containsNUL else { throw .userNotFound(name) }
    try await write { db in
      try db.execute(
        sql: #"UPDATE "user" SET tokenHash = ?, revokedAt = NULL WHERE name = ?"#, arguments: [tokenHash, name])
      guard db.changesCount > 0 else { throw UserStoreError.userNotFound(name) }
    }
  }

  /// A user's favourite tracks, ordered by ID, and their version.
  public func favourites(of userID: StoredUser.ID) async throws(UserStoreError) -> UserFavourites {
    try await read { db in try Self.favourites(of: userID, db) }
  }

  /// Sets whether a track is one of a user's favourites, and answers the state and version after.
  ///
  /// Setting the state a track already has changes nothing (the version stays); favouriting a track the
  /// catalog does not hold fails with ``UserStoreError/trackNotFound(_:)``.
  public func setFavourited(
    _ isFavourited: Bool, trackID: Track.ID, userID: StoredUser.ID
  ) async throws(UserStoreError) -> UserFavouriteChange {
    guard !trackID.rawValue.containsNUL else {
      if isFavourited { throw .trackNotFound(trackID) }
      return UserFavouriteChange(
        userID: userID, trackID: trackID, isFavourited: false, version: try await favourites(of: userID).version)
    }
    let broadcaster = broadcaster
    return try await write { db in
      if isFavourited {
        let exists =
          try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM track WHERE id = ?)", arguments: [trackID.rawValue]) ?? false
        guard exists else { throw UserStoreError.trackNotFound(trackID) }
        try db.execute(
          sql: "INSERT OR IGNORE INTO userFavourite (userID, trackID) VALUES (?, ?)",
          arguments: [userID, trackID.rawValue])
      } else {
        try db.execute(
          sql: "DELETE FROM userFavourite WHERE userID = ? AND trackID = ?", arguments: [userID, trackID.rawValue])
      }
      let changed = db.changesCount > 0
      if changed {
        try db.execute(
          sql: #"UPDATE "user" SET favouritesVersion = favouritesVersion + 1 WHERE id = ?"#, arguments: [userID])
      }
      let version =
        try Int.fetchOne(db, sql: #"SELECT favouritesVersion FROM "user" WHERE id = ?"#, arguments: [userID]) ?? 0
      let change = UserFavouriteChange(userID: userID, trackID: trackID, isFavourited: isFavourited, version: version)
      if changed {
        db.afterNextTransaction { _ in broadcaster.send(change) }
      }
      return change
    }
  }

  /// Every change of any user's favourites committed after this call, in commit order, buffered.
  public func changes() -> AsyncStream<UserFavouriteChange> {
    broadcaster.stream()
  }

  /// Ends every stream of ``changes()``; later ones end at once.
  public func finishChanges() {
    broadcaster.finish()
  }

  private static func favourites(of userID: StoredUser.ID, _ db: Database) throws -> UserFavourites {
    let version =
      try Int.fetchOne(db, sql: #"SELECT favouritesVersion FROM "user" WHERE id = ?"#, arguments: [userID]) ?? 0
    let trackIDs = try String.fetchAll(
      db, sql: "SELECT trackID FROM userFavourite WHERE userID = ? ORDER BY trackID", arguments: [userID])
    return UserFavourites(trackIDs: trackIDs.map { Track.ID($0) }, version: version)
  }

  private func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(UserStoreError) -> T {
    try await database.read(body) { error in UserStoreError.unavailable(reason: error.description) }
  }

  private func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(UserStoreError) -> T
  {
    try await database.write(body) { error in UserStoreError.unavailable(reason: error.description) }
  }
}

extension String {
  /// Whether the text holds a NUL character, which SQLite's text binding would cut the text at: no user name,
  /// token hash or track ID holds one, so such text matches nothing and is never stored.
  fileprivate var containsNUL: Bool { utf8.contains(0) }
}
