import Foundation
import ServicesLive
import Testing

@Suite struct StorageLocationTests {
  @Test func theDefaultLivesInTheXDGDataDirectory() {
    let location = StorageLocation.userDefault(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/ann"])
    #expect(location.databaseURL?.path == "/data/humble/catalog.sqlite")
    #expect(location.downloadsDirectory.path == "/data/humble/catalog-files/downloads")
  }

  @Test func withoutXDGDataHomeTheDefaultIsUnderHome() {
    let location = StorageLocation.userDefault(environment: ["HOME": "/home/ann"])
    #expect(location.databaseURL?.path == "/home/ann/.local/share/humble/catalog.sqlite")
  }

  @Test func aRelativeXDGDataHomeIsIgnoredAsTheSpecificationSays() {
    let location = StorageLocation.userDefault(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/ann"])
    #expect(location.databaseURL?.path == "/home/ann/.local/share/humble/catalog.sqlite")
  }

  @Test func anExplicitDatabaseKeepsItsFilesBesideIt() {
    let location = StorageLocation.database(at: URL(fileURLWithPath: "/tmp/x/big.sqlite"))
    #expect(location.filesDirectory.path == "/tmp/x/big-files")
    #expect(location.streamsDirectory.path == "/tmp/x/big-files/streams")
    #expect(location.partialDownloadsDirectory.path == "/tmp/x/big-files/downloads/.partial")
  }
}
