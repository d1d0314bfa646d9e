import CatalogAPI
import Foundation
import HumbleServerPostgres
import HumbleServerTestSupport
import Testing

/// The real `humble-server` binary over PostgreSQL: `--postgres URL` or `DATABASE_URL`, and one line for
/// every way that cannot work.
@Suite(.timeLimit(.minutes(5))) struct PostgresExecutableTests {
  let executable: ExecutableTests

  init() throws {
    executable = try ExecutableTests()
  }

  @Test func databaseURLFromTheEnvironmentServesTheImportedCatalog() async throws {
    try await PostgresTestDatabase.with { location in
      let imported = try await executable.run(["import", "--postgres", location.description, "--demo"])
      #expect(imported.status == 0, "\(imported.errors)")
      #expect(imported.output.first?.hasPrefix("Imported 10 artists, 160 tracks, 6 playlists into ") == true)
      let server = try ServerProcess(
        arguments: ["--port", "0"], directory: executable.directory, environment: ["DATABASE_URL": location.description]
      )
      let url = try #require(URL(string: try await server.firstLine()))
      let response = try await HTTPTestClient(url: url).send(.GET, CatalogAPI.Path.artists)
      #expect(response.status == 200)
      #expect(try CatalogJSON.decoder().decode(ArtistList.self, from: response.body).artists.count == 10)
      server.signal(SIGTERM)
      #expect(await server.exitStatus() == 0)
    }
  }

  @Test(arguments: [
    (
      ["--postgres", "mysql://ada@host/db"],
      "The PostgreSQL URL 'mysql://ada@host/db' cannot be used: it is not a postgres:// URL."
    ),
    (
      ["--postgres", "mysql://ada:secret@host/db"],
      "The PostgreSQL URL 'mysql://ada:***@host/db' cannot be used: it is not a postgres:// URL."
    ),
    (["--postgres", "postgres:///db"], "The PostgreSQL URL 'postgres:///db' cannot be used: it names no host."),
    (
      ["--postgres", "postgres://127.0.0.1/db"],
      "The PostgreSQL URL 'postgres://127.0.0.1/db' cannot be used: it names no user (postgres://USER@HOST/DATABASE)."
    ),
    (
      ["--postgres", "postgres://a@h/d", "--in-memory"],
      "Use either --postgres (or DATABASE_URL) or --database/--in-memory, not both."
    ),
    (["import", "--demo"], "Name the database with --postgres URL (or DATABASE_URL)."),
    (["import", "--postgres", "postgres://a@h/d"], "Name the catalog to import: either --from FILE or --demo."),
  ])
  func aBadPostgresFlagIsOneLineAndExitStatus1(arguments: [String], message: String) async throws {
    let run = try await executable.run(arguments)
    #expect(run.status == 1)
    #expect(run.output.isEmpty)
    #expect(run.errors.count == 1)
    #expect(run.errors.first?.hasSuffix(message) == true, "\(run.errors)")
  }

  @Test func anUnreachableDatabaseIsOneLineNamingItAndExitStatus1() async throws {
    let cluster = try await PostgresCluster.start()
    let location = cluster.location
    await cluster.destroy()
    let run = try await executable.run(["--postgres", location.description, "--port", "0"])
    #expect(run.status == 1)
    #expect(
      run.errors == [
        "humble-server: \(location): The database is unavailable: cannot connect to PostgreSQL at "
          + "\(location.address): connection refused"
      ])
  }
}
