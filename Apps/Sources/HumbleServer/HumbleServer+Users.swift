extension HumbleServer {
  /// Adds a user to a store and answers their new bearer token, which is stored only as its SHA-256 hash.
  ///
  /// A name is 1 to 64 characters without control characters; a name in use fails with
  /// ``CatalogStoreError/nameTaken(_:)``.
  public static func addUser(named name: String, to store: some CatalogStore) async throws -> String {
    guard (1...64).contains(name.count),
      !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else { throw InvalidUserName(name: name) }
    let token = Tokens.make()
    _ = try await store.addUser(name: name, tokenHash: Tokens.hash(token))
    return token
  }

  /// Gives a user a new bearer token, replacing the old one (revoked or not), and answers it.
  ///
  /// The token is stored only as its SHA-256 hash; ``CatalogStoreError/userNotFound(_:)`` when no user has the name.
  public static func replaceToken(ofUserNamed name: String, in store: some CatalogStore) async throws -> String {
    let token = Tokens.make()
    try await store.replaceToken(ofUserNamed: name, tokenHash: Tokens.hash(token))
    return token
  }
}

/// A user name that cannot be used.
public struct InvalidUserName: Error, CustomStringConvertible {
  /// The name refused.
  public var name: String

  /// A one-line explanation.
  public var description: String {
    "The user name \(name.debugDescription) must be 1 to 64 characters without control characters."
  }
}
