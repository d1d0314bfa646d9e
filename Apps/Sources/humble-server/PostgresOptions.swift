import ArgumentParser
import Foundation
import HumbleServerPostgres

/// `--postgres URL`, or `DATABASE_URL` from the environment: the catalog in PostgreSQL instead of SQLite.
struct PostgresOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "The catalog in PostgreSQL (postgres://USER@HOST:PORT/DATABASE); default: $DATABASE_URL when set.",
      valueName: "url"))
  var postgres: String?

  /// The URL given, or `DATABASE_URL`.
  var url: String? {
    if let postgres { return postgres }
    let environment = ProcessInfo.processInfo.environment["DATABASE_URL"]
    return environment?.isEmpty == false ? environment : nil
  }

  /// The parsed location, nil without one; one line and exit status 1 for a URL that cannot be used.
  func location() throws -> PostgresLocation? {
    guard let url else { return nil }
    do {
      return try PostgresLocation(url: url)
    } catch {
      FileHandle.standardError.write(Data("humble-server: \(error)\n".utf8))
      throw ExitCode.failure
    }
  }
}

/// The store of a PostgreSQL catalog (its schema migrated); one line and exit status 1 when it cannot open.
func connectPostgres(
  _ location: PostgresLocation, configuration: PostgresCatalogStore.Configuration = .init()
) async throws -> PostgresCatalogStore {
  do {
    return try await PostgresCatalogStore.connect(to: location, configuration: configuration)
  } catch {
    FileHandle.standardError.write(Data("humble-server: \(location): \(error)\n".utf8))
    throw ExitCode.failure
  }
}
