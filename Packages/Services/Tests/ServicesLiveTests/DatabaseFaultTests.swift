import Domain
import Foundation
import HumbleSupportTesting
import Services
import ServicesLive
import ServicesTestSupport
import Testing

/// The catalog database locked by another process, or read-only: changes fail with one clear error,
/// reading goes on, nothing is lost, and a retry succeeds once the fault clears.
@Suite(.timeLimit(.minutes(5))) struct DatabaseFaultTests {
  let directory: TemporaryDirectory
  var databaseURL: URL { directory.url.appendingPathComponent("catalog.sqlite") }

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// Live services over the demo catalog, waiting at most 0.2 s for a lock.
  func open(readOnly: Bool = false) throws -> LiveServices {
    try LiveServices.open(
      .database(at: databaseURL), options: .init(readOnly: readOnly, busyTimeout: .milliseconds(200)))
  }

  /// A demo track with a stream file.
  func someTrack(_ services: LiveServices) async throws -> Track {
    let artist = try #require(try await services.musicAPI.allArtists().first)
    return try #require(try await services.musicAPI.tracks(ofArtist: artist.id).first)
  }

  @Test("With another process writing, a favourite fails with one clear line, reads go on, and a retry succeeds")
  func aDatabaseLockedByAnotherProcess() async throws {
    let services = try open()
    let track = try await someTrack(services)
    try await services.favouritesManager.favourite("kept")
    let holder = try await DatabaseLockHolder.start(database: databaseURL, writingFirst: true)
    let locked =
      "The catalog database at \(databaseURL.path) is locked by another program; try again once it has finished."
    await #expect(throws: FavouritesError.storage(reason: locked)) {
      try await services.favouritesManager.favourite(track.id)
    }
    #expect(!services.favouritesManager.isFavourited(track.id), "memory follows the file")
    #expect(try await services.musicAPI.tracks(ofArtist: track.artistID).contains(track), "reads are not blocked")
    await holder.release()
    try await services.favouritesManager.favourite(track.id)
    #expect(try open().favouritesManager.favouritedTrackIDs == ["kept", track.id])
  }

  @Test("With another process writing, a finished download that cannot be recorded fails and leaves no file")
  func aDownloadThatCannotBeRecordedWhileLocked() async throws {
    let services = try open()
    let track = try await someTrack(services)
    let holder = try await DatabaseLockHolder.start(database: databaseURL)
    let changes = services.downloadsManager.changes()
    try await services.downloadsManager.startDownload(of: track)
    let end = try await firstChange(in: changes) { $0.state == .downloaded || $0.state.isFailure }
    guard case .failed(let reason) = end.state else {
      Issue.record("expected a failure, got \(end.state)")
      return
    }
    #expect(reason.hasPrefix("cannot record the download: The catalog database at"), "\(reason)")
    #expect(reason.contains("is locked by another program"))
    #expect(files(in: services.location.downloadsDirectory).isEmpty)
    await holder.release()
    let retried = services.downloadsManager.changes()
    try await services.downloadsManager.startDownload(of: track)
    let done = try await firstChange(in: retried) { $0.state == .downloaded || $0.state.isFailure }
    #expect(done.state == .downloaded)
    #expect(try open().downloadsManager.hasDownloaded(track.id))
  }

  @Test("The catalog opens while another process is writing to it: reading works and a change fails clearly")
  func openingWhileAnotherProcessWrites() async throws {
    let track = try await someTrack(try open())
    let holder = try await DatabaseLockHolder.start(database: databaseURL, writingFirst: true)
    let services = try open()
    #expect(try await services.musicAPI.tracks(ofArtist: track.artistID).contains(track))
    let locked =
      "The catalog database at \(databaseURL.path) is locked by another program; try again once it has finished."
    await #expect(throws: FavouritesError.storage(reason: locked)) {
      try await services.favouritesManager.favourite(track.id)
    }
    await holder.release()
    try await services.favouritesManager.favourite(track.id)
    #expect(services.favouritesManager.isFavourited(track.id))
  }

  @Test("Opening a catalog another process locked before writing fails with one clear line, then opens")
  func openingWhileLockedBeforeAnyWrite() async throws {
    _ = try open()
    let holder = try await DatabaseLockHolder.start(database: databaseURL)
    #expect(throws: CatalogDatabaseError.locked(path: databaseURL.path)) { try open() }
    await holder.release()
    #expect(try open().musicAPI.database.path == databaseURL.path)
  }

  @Test("A read-only catalog can be browsed; a favourite fails with one clear line and nothing is lost")
  func aReadOnlyCatalog() async throws {
    let track: Track
    do {
      let services = try open()
      track = try await someTrack(services)
      try await services.favouritesManager.favourite("kept")
      // A download whose file has gone: opening forgets it, and read-only must not stop that.
      let changes = services.downloadsManager.changes()
      try await services.downloadsManager.startDownload(of: track)
      _ = try await firstChange(in: changes) { $0.state == .downloaded }
      try FileManager.default.removeItem(at: try #require(services.downloadsManager.fileURL(for: track.id)))
    }
    // Root writes through file permissions, so it opens the file read-only by asking; anyone else by chmod.
    let isRoot = getuid() == 0
    if !isRoot { try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: databaseURL.path) }
    do {
      let services = try open(readOnly: isRoot)
      #expect(services.database.isReadOnly)
      #expect(try await services.musicAPI.tracks(ofArtist: track.artistID).contains(track))
      #expect(services.favouritesManager.favouritedTrackIDs == ["kept"])
      #expect(services.downloadsManager.downloadState(of: track.id) == .notDownloaded)
      await #expect(
        throws: FavouritesError.storage(
          reason: "The catalog database at \(databaseURL.path) is read-only: changes cannot be saved.")
      ) {
        try await services.favouritesManager.favourite(track.id)
      }
      let changes = services.downloadsManager.changes()
      try await services.downloadsManager.startDownload(of: track)
      let end = try await firstChange(in: changes) { $0.state == .downloaded || $0.state.isFailure }
      #expect(end.state.isFailure)
      #expect(files(in: services.location.downloadsDirectory).isEmpty)
    }
    if !isRoot { try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: databaseURL.path) }
    let writable = try open()
    #expect(!writable.database.isReadOnly)
    #expect(writable.favouritesManager.favouritedTrackIDs == ["kept"], "nothing was lost")
    try await writable.favouritesManager.favourite(track.id)
    #expect(try open().favouritesManager.favouritedTrackIDs == ["kept", track.id])
  }

  @Test("An empty catalog opened read-only stays empty instead of failing to import the demo catalog")
  func anEmptyReadOnlyCatalog() throws {
    _ = try LiveServices.open(.database(at: databaseURL), options: .init(importsDemoCatalogWhenEmpty: false))
    let services = try open(readOnly: true)
    #expect(try services.database.isCatalogEmpty())
  }
}
