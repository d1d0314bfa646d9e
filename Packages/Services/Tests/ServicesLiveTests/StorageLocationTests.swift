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

  @Test func aServersDownloadsLiveInADirectoryNamedByItsHostAndPort() {
    let environment = ["XDG_DATA_HOME": "/data", "HOME": "/home/ann"]
    let local = StorageLocation.forServer(URL(string: "http://127.0.0.1:8080")!, environment: environment)
    #expect(local.databaseURL?.path == "/data/humble/servers/127.0.0.1-8080/downloads.sqlite")
    #expect(local.downloadsDirectory.path == "/data/humble/servers/127.0.0.1-8080/downloads-files/downloads")
    #expect(local.createsDatabaseDirectory)
    let secure = StorageLocation.forServer(URL(string: "https://music.example")!, environment: environment)
    #expect(secure.databaseURL?.path == "/data/humble/servers/music.example-443/downloads.sqlite")
  }

  @Test func aServerHostCannotNameAPathOutsideTheServersDirectory() {
    let location = StorageLocation.forServer(URL(string: "http://[::1]:9")!, environment: ["XDG_DATA_HOME": "/data"])
    #expect(
      location.databaseURL?.deletingLastPathComponent().deletingLastPathComponent().path == "/data/humble/servers")
  }
}
