import Domain
import Foundation
import Services
import ServicesLive
import ServicesTestSupport
import Testing

/// The mocks and the live managers accept and refuse the same requests.
///
/// The mocks stand in for the live managers in every other package's tests, so they must behave alike, with
/// the same errors and announcements. Each test here runs against both.
@Suite(.timeLimit(.minutes(1))) struct ManagerContractTests {
  enum Implementation: String, CaseIterable, CustomTestStringConvertible {
    case mock
    case live

    var testDescription: String { rawValue }
  }

  final class Fixture: Sendable {
    let directory: URL
    let downloads: any DownloadsManager
    let favourites: any FavouritesManager
    /// Makes a download finish (the live manager copies a real file; the mock is told to complete).
    let finish: @Sendable (Track.ID) -> Void

    init(_ implementation: Implementation) throws {
      directory = FileManager.default.temporaryDirectory.appendingPathComponent("humble-contract-\(UUID())")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      switch implementation {
      case .mock:
        let downloads = MockDownloadsManager()
        self.downloads = downloads
        favourites = MockFavouritesManager()
        finish = { downloads.completeDownload(of: $0) }
      case .live:
        let services = try LiveServices.open(
          .database(at: directory.appendingPathComponent("catalog.sqlite")),
          options: .init(importsDemoCatalogWhenEmpty: false))
        downloads = services.downloadsManager
        favourites = services.favouritesManager
        finish = { _ in }
      }
    }

    deinit {
      try? FileManager.default.removeItem(at: directory)
    }

    func track(_ id: Track.ID) throws -> Track {
      let url = directory.appendingPathComponent("\(id.rawValue).wav")
      try Data(repeating: 1, count: 2048).write(to: url)
      return .fixture(id: id, streamURL: url)
    }
  }

  @Test(arguments: Implementation.allCases)
  func aDownloadGoesFromNotDownloadedThroughDownloadingToDownloaded(_ implementation: Implementation) async throws {
    let fixture = try Fixture(implementation)
    let downloads = fixture.downloads
    let changes = downloads.changes()
    #expect(downloads.downloadState(of: "a") == .notDownloaded)
    try await downloads.startDownload(of: fixture.track("a"))
    fixture.finish("a")
    var states: [DownloadState] = []
    for await change in changes {
      #expect(change.trackID == "a")
      states.append(change.state)
      if change.state == .downloaded { break }
    }
    #expect(states.first == .downloading(progress: 0))
    #expect(states.last == .downloaded)
    #expect(downloads.hasDownloaded("a"))
    await #expect(throws: DownloadError.alreadyDownloaded("a")) {
      try await downloads.startDownload(of: fixture.track("a"))
    }
    try await downloads.removeDownload(of: "a")
    #expect(downloads.downloadState(of: "a") == .notDownloaded)
  }

  @Test(arguments: Implementation.allCases)
  func requestsWithoutADownloadAreRefusedTheSameWay(_ implementation: Implementation) async throws {
    let fixture = try Fixture(implementation)
    let downloads = fixture.downloads
    await #expect(throws: DownloadError.notDownloading("b")) { try await downloads.cancelDownload(of: "b") }
    await #expect(throws: DownloadError.notDownloaded("b")) { try await downloads.removeDownload(of: "b") }
    let ftp = Track.fixture(id: "ftp", streamURL: URL(string: "ftp://example.com/a.mp3"))
    await #expect(throws: DownloadError.unsupportedURL("ftp://example.com/a.mp3")) {
      try await downloads.startDownload(of: ftp)
    }
    #expect(downloads.downloadState(of: "ftp") == .notDownloaded)
  }

  @Test(arguments: Implementation.allCases)
  func favouritesAnnounceOnlyRealChanges(_ implementation: Implementation) async throws {
    let fixture = try Fixture(implementation)
    let favourites = fixture.favourites
    let changes = favourites.changes()
    try await favourites.favourite("a")
    try await favourites.favourite("a")
    try await favourites.unfavourite("b")
    try await favourites.unfavourite("a")
    #expect(!favourites.isFavourited("a"))
    var received: [FavouriteChange] = []
    for await change in changes {
      received.append(change)
      if received.count == 2 { break }
    }
    #expect(received == [.init(trackID: "a", isFavourited: true), .init(trackID: "a", isFavourited: false)])
  }
}
