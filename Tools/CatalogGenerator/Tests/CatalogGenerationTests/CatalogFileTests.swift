import CatalogGeneration
import Domain
import Foundation
import ServicesLive
import Testing

@Suite struct CatalogFileTests {
  private let tiny = CatalogGenerator(
    configuration: .init(artistCount: 2, tracksPerArtist: 3, largeArtistTrackCount: 4))

  @Test func createsACompleteCatalogAndNothingElse() throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("catalog.sqlite")

    try CatalogFile.create(at: url, replacingExisting: false) { database throws(CatalogDatabaseError) in
      try tiny.generate(into: database)
    }

    #expect(try directory.fileNames() == ["catalog.sqlite"])
    #expect(try CatalogDatabase.open(at: url).trackCount() == 10)
  }

  @Test func refusesToReplaceAnExistingFileAndLeavesItUntouched() throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("catalog.sqlite")
    try Data("precious".utf8).write(to: url)

    #expect(throws: CatalogFileError.alreadyExists(path: url.path)) {
      try CatalogFile.create(at: url, replacingExisting: false) { database throws(CatalogDatabaseError) in
        try tiny.generate(into: database)
      }
    }
    #expect(try Data(contentsOf: url) == Data("precious".utf8))
    #expect(try directory.fileNames() == ["catalog.sqlite"])
  }

  @Test func replacesAnExistingFileAndItsStaleLogWhenAsked() throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("catalog.sqlite")
    try Data("old".utf8).write(to: url)
    try Data("stale log".utf8).write(to: URL(fileURLWithPath: url.path + "-wal"))

    try CatalogFile.create(at: url, replacingExisting: true) { database throws(CatalogDatabaseError) in
      try tiny.generate(into: database)
    }

    #expect(try directory.fileNames() == ["catalog.sqlite"])
    #expect(try CatalogDatabase.open(at: url).trackCount() == 10)
  }

  @Test func aFailureWhileFillingLeavesNothingBehind() throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("catalog.sqlite")
    let failure = CatalogDatabaseError.query(reason: "disk full")

    #expect(throws: CatalogFileError.database(failure)) {
      try CatalogFile.create(at: url, replacingExisting: false) { database throws(CatalogDatabaseError) in
        try tiny.generate(into: database)
        throw failure
      }
    }
    #expect(try directory.fileNames() == [])
  }

  @Test func aDirectoryAtTheTargetIsRejectedByName() throws {
    let directory = try TemporaryDirectory()

    #expect(throws: CatalogFileError.isDirectory(path: directory.url.path)) {
      try CatalogFile.create(at: directory.url, replacingExisting: true) { _ throws(CatalogDatabaseError) in }
    }
  }

  @Test func aTargetThatCannotHaveADirectoryIsRejectedByName() throws {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent("file")
    try Data().write(to: file)
    let url = file.appendingPathComponent("catalog.sqlite")

    #expect(throws: CatalogFileError.fileSystem(path: url.path, reason: "cannot create its directory \(file.path)")) {
      try CatalogFile.create(at: url, replacingExisting: false) { _ throws(CatalogDatabaseError) in }
    }
    #expect(try directory.fileNames() == ["file"])
  }

  @Test func errorsExplainThemselvesInOneLine() {
    #expect(
      CatalogFileError.alreadyExists(path: "/tmp/a.sqlite").description
        == "/tmp/a.sqlite already exists; it was left untouched.")
    #expect(
      CatalogFileError.fileSystem(path: "/tmp/a.sqlite", reason: "Permission denied").description
        == "Cannot write /tmp/a.sqlite: Permission denied.")
    #expect(
      CatalogFileError.database(.query(reason: "disk full")).description
        == CatalogDatabaseError.query(reason: "disk full").description)
  }
}
