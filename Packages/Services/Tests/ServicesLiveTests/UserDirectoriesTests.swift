import Foundation
import ServicesLive
import Testing

@Suite struct UserDirectoriesTests {
  @Test func absoluteXDGVariablesNameTheDataStateAndCacheDirectories() {
    let directories = UserDirectories(
      environment: [
        "XDG_DATA_HOME": "/data", "XDG_STATE_HOME": "/state", "XDG_CACHE_HOME": "/cache", "HOME": "/home/ann",
      ])
    #expect(directories.dataHome.path == "/data")
    #expect(directories.stateHome.path == "/state")
    #expect(directories.cacheHome.path == "/cache")
    #expect(directories.home.path == "/home/ann")
  }

  @Test func withoutThemEachDirectoryIsUnderHomeAsTheSpecificationSays() {
    let directories = UserDirectories(
      environment: ["XDG_DATA_HOME": "relative/data", "XDG_CACHE_HOME": "cache", "HOME": "/home/ann"])
    #expect(directories.dataHome.path == "/home/ann/.local/share")
    #expect(directories.stateHome.path == "/home/ann/.local/state")
    #expect(directories.cacheHome.path == "/home/ann/.cache")
  }

  @Test func anUnsetOrEmptyHomeFallsBackToThePasswordDatabasesHome() {
    let fallback = URL(fileURLWithPath: NSHomeDirectory(), isDirectory: true)
    #expect(UserDirectories(environment: [:]).home.path == fallback.path)
    #expect(
      UserDirectories(environment: ["HOME": ""]).stateHome.path == fallback.appendingPathComponent(".local/state").path)
  }

  @Test func theCatalogsDefaultDirectoryIsUnderTheDataDirectory() {
    let environment = ["HOME": "/home/ann"]
    #expect(StorageLocation.defaultDataDirectory(environment: environment).path == "/home/ann/.local/share/humble")
  }
}
