import ArgumentParser
import Foundation
import HumbleServer
import HumbleServerPostgres
import ServicesLive

/// Where `humble-server user …` finds the users: a SQLite catalog or PostgreSQL.
struct UserStoreOptions: ParsableArguments {
  @Option(name: .long, help: "The catalog database file (default: $XDG_DATA_HOME/humble/catalog.sqlite).")
  var database: String?

  @OptionGroup var postgres: PostgresOptions

  func validate() throws {
    if postgres.url != nil, database != nil {
      throw ValidationError("Use either --postgres (or DATABASE_URL) or --database, not both.")
    }
  }

  /// Runs `body` over the store, closed after; a failure of `body` is one line and exit status 1.
  func withStore(_ body: (any CatalogStore) async throws -> Void) async throws {
    if let location = try postgres.location() {
      let store = try await connectPostgres(location)
      do {
        try await body(store)
        await store.close()
      } catch {
        await store.close()
        FileHandle.standardError.write(Data("humble-server: \(error)\n".utf8))
        throw ExitCode.failure
      }
      return
    }
    let location: StorageLocation = database.map { .database(at: URL(fileURLWithPath: $0)) } ?? .userDefault()
    let services = try openServices(location)
    do {
      try await body(SQLiteCatalogStore(database: services.database))
    } catch {
      FileHandle.standardError.write(Data("humble-server: \(error)\n".utf8))
      throw ExitCode.failure
    }
  }
}

/// `humble-server user list`: every user, whether their token works, and how many favourites they keep.
struct ListUsersCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "List the users: name, when added, favourites, and whether their token is revoked.")

  @OptionGroup var store: UserStoreOptions

  func run() async throws {
    try await store.withStore { store in
      let users = try await store.users()
      FileHandle.standardOutput.write(Data(Self.table(users).utf8))
    }
  }

  /// The users as aligned columns under a header line; a line that says so when there are none.
  static func table(_ users: [UserRecord]) -> String {
    guard !users.isEmpty else { return "No users.\n" }
    let dates = Date.ISO8601FormatStyle()
    let rows =
      [["NAME", "ADDED", "FAVOURITES", "TOKEN"]]
      + users.map { user in
        [
          user.name.debugDescription.dropFirst().dropLast().description, user.createdAt.formatted(dates),
          String(user.favouriteCount), user.revokedAt.map { "revoked \($0.formatted(dates))" } ?? "active",
        ]
      }
    let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.map { row in
      zip(row, widths).enumerated().map { index, cell in
        index == row.count - 1 ? cell.0 : cell.0.padding(toLength: cell.1, withPad: " ", startingAt: 0)
      }.joined(separator: "  ")
    }.joined(separator: "\n") + "\n"
  }
}

/// `humble-server user revoke NAME`: the user's token stops working at once; open feeds end within a keep-alive.
struct RevokeUserCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "revoke",
    abstract: "Revoke a user's token: requests with it get 401 and its open feeds end (favourites are kept).",
    discussion: """
      A running server ends the feeds opened with the token within one keep-alive interval (15 s by default). \
      `humble-server user token NAME` gives the user a new token.
      """)

  @Argument(help: "The user's name.")
  var name: String

  @OptionGroup var store: UserStoreOptions

  func run() async throws {
    try await store.withStore { store in
      let revoked = try await store.revokeToken(ofUserNamed: name)
      let message = revoked ? "Revoked the token of '\(name)'." : "The token of '\(name)' was already revoked."
      FileHandle.standardOutput.write(Data((message + "\n").utf8))
    }
  }
}

/// `humble-server user token NAME`: a new token for a user, replacing the old one; printed once.
struct TokenUserCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "token",
    abstract: "Give a user a new bearer token, replacing the old one (revoked or not), and print it once.")

  @Argument(help: "The user's name.")
  var name: String

  @OptionGroup var store: UserStoreOptions

  func run() async throws {
    try await store.withStore { store in
      let token = try await HumbleServer.replaceToken(ofUserNamed: name, in: store)
      FileHandle.standardOutput.write(Data((token + "\n").utf8))
    }
  }
}
