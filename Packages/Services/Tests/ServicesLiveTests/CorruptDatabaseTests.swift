import Foundation
import GRDB
import HumbleSupportTesting
import ServicesLive
import Testing

@Suite struct CorruptDatabaseTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  @Test(arguments: [
    Data("this is a shopping list, not a database\n".utf8),
    Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 131) }),
  ])
  func aFileThatIsNotADatabaseIsReportedByPathAndNeverOverwritten(contents: Data) throws {
    let url = directory.url.appendingPathComponent("catalog.sqlite")
    try contents.write(to: url)
    let error = #expect(throws: CatalogDatabaseError.self) {
      try LiveServices.open(.database(at: url))
    }
    #expect(error == .corrupt(path: url.path, reason: "file is not a database"))
    #expect(
      error?.description
        == "The catalog database at \(url.path) is corrupt or not a SQLite database (file is not a database); "
        + "it was left untouched.")
    #expect(try Data(contentsOf: url) == contents)
    #expect(!FileManager.default.fileExists(atPath: url.path + "-wal"))
  }

  @Test func aDatabaseWhoseSchemaPagesAreDamagedIsReportedAndNeverOverwritten() throws {
    let url = directory.url.appendingPathComponent("catalog.sqlite")
    _ = try LiveServices.open(.database(at: url))
    var bytes = try Data(contentsOf: url)
    // Keep the 100-byte header, scramble the rest of the first page: the schema table.
    for index in 100..<min(4096, bytes.count) { bytes[index] = UInt8(truncatingIfNeeded: index &* 7) }
    try bytes.write(to: url)
    try? FileManager.default.removeItem(atPath: url.path + "-wal")
    try? FileManager.default.removeItem(atPath: url.path + "-shm")
    #expect(throws: CatalogDatabaseError.corrupt(path: url.path, reason: "database disk image is malformed")) {
      try LiveServices.open(.database(at: url))
    }
    #expect(try Data(contentsOf: url) == bytes)
  }

  @Test func aDirectoryWhereTheDatabaseShouldBeIsReportedAsUnreadable() throws {
    let url = directory.url.appendingPathComponent("catalog.sqlite")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    #expect(throws: CatalogDatabaseError.unreadable(path: url.path, reason: "it is a directory")) {
      try CatalogDatabase.open(at: url)
    }
    #expect(
      CatalogDatabaseError.unreadable(path: url.path, reason: "it is a directory").description
        == "Cannot open the catalog database at \(url.path): it is a directory.")
  }

  @Test func aDatabaseUnderAFileInsteadOfADirectoryIsReportedAsUnreadable() throws {
    let blocker = directory.url.appendingPathComponent("blocker")
    try Data("x".utf8).write(to: blocker)
    let url = blocker.appendingPathComponent("catalog.sqlite")
    let error = CatalogDatabaseError.unreadable(path: url.path, reason: "\(blocker.path) is not a directory")
    #expect(throws: error) { try CatalogDatabase.open(at: url) }
    #expect(error.description == "Cannot open the catalog database at \(url.path): \(blocker.path) is not a directory.")
  }
}

/// Every kind of bad database file is refused in one line naming it, and left exactly as it was: same
/// bytes, same modification time, nothing created beside it.
@Suite struct BadDatabaseFileTests {
  enum Damage: String, CaseIterable, Sendable {
    case cutInHalf, cutToTheFirstPage, cutInsideTheHeader, notSQLite, newerSchema, anotherApplication

    /// The error that opening such a file gives: SQLite's own reason where SQLite finds the damage.
    func error(at path: String) -> CatalogDatabaseError {
      switch self {
      case .cutInHalf, .cutToTheFirstPage, .cutInsideTheHeader:
        .corrupt(path: path, reason: "database disk image is malformed")
      case .notSQLite: .corrupt(path: path, reason: "file is not a database")
      case .newerSchema: .newerSchema(path: path, migration: "v99: from the future")
      case .anotherApplication: .notACatalog(path: path)
      }
    }
  }

  @Test("A bad database file gives one line naming it and is left exactly as it was", arguments: Damage.allCases)
  func aBadFileIsRefusedAndLeftAsItWas(damage: Damage) throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("catalog.sqlite")
    let scratch = try TemporaryDirectory()
    try makeFile(damage, at: url, scratch: scratch.url.appendingPathComponent("catalog.sqlite"))
    let before = try Data(contentsOf: url)
    // An old modification time, so that any write would show.
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: url.path)
    let error = #expect(throws: CatalogDatabaseError.self) { try LiveServices.open(.database(at: url)) }
    #expect(error == damage.error(at: url.path))
    let line = error?.description ?? ""
    #expect(line.contains(url.path) && !line.contains("\n"), "\(line)")
    #expect(try Data(contentsOf: url) == before)
    let modified = try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date
    #expect(modified == Date(timeIntervalSince1970: 1_000_000))
    let left = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
    #expect(left == ["catalog.sqlite"], "created beside it: \(left)")
  }

  private func makeFile(_ damage: Damage, at url: URL, scratch: URL) throws {
    func catalog() throws -> Data {
      // Closing the last connection moves everything from the write-ahead log into the file.
      _ = try LiveServices.open(.database(at: scratch))
      return try Data(contentsOf: scratch)
    }
    switch damage {
    case .cutInHalf:
      let bytes = try catalog()
      try bytes.prefix(bytes.count / 2).write(to: url)
    case .cutToTheFirstPage:
      try catalog().prefix(4096).write(to: url)
    case .cutInsideTheHeader:
      try catalog().prefix(60).write(to: url)
    case .notSQLite:
      try Data("#!/bin/sh\necho hello\n".utf8).write(to: url)
    case .newerSchema:
      _ = try CatalogDatabase.open(at: url)
      try DatabaseQueue(path: url.path).write { db in
        try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99: from the future')")
      }
    case .anotherApplication:
      try DatabaseQueue(path: url.path).write { db in
        try db.execute(sql: "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me')")
      }
    }
  }
}
