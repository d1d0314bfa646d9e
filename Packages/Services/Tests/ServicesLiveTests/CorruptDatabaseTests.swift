import Foundation
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
    let error = #expect(throws: CatalogDatabaseError.self) { try LiveServices.open(.database(at: url)) }
    guard case .corrupt(let path, _) = error else {
      Issue.record("expected a corrupt database error, got \(String(describing: error))")
      return
    }
    #expect(path == url.path)
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
    let error = #expect(throws: CatalogDatabaseError.self) { try CatalogDatabase.open(at: url) }
    guard case .unreadable(let path, _) = error else {
      Issue.record("expected an unreadable database error, got \(String(describing: error))")
      return
    }
    #expect(path == url.path)
  }
}
