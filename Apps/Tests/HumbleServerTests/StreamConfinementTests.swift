import CatalogAPI
import Domain
import Foundation
import NIOHTTP1
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `other`'s tracks in the tests' catalog: each names a stream file to refuse, or to serve through a link.
///
/// Their files are made by ``create(in:)`` when the catalog is imported.
enum ConfinedFile: String, CaseIterable, Sendable {
  /// `outside/secret.wav`, beside the stream folder, by its absolute path.
  case outside
  /// The same file, named through the stream folder and `..`.
  case dotDot = "dot-dot"
  /// `link-out.wav` in the stream folder: a symbolic link to the file outside.
  case linkOut = "link-out"
  /// `vanished.wav` in the stream folder, which a test removes.
  case vanished
  /// `unreadable.wav` in the stream folder, which a test makes unreadable.
  case unreadable
  /// `solo-1.wav` named through `streams-link`, a symbolic link to the stream folder.
  case throughLink = "through-link"

  var trackID: Track.ID { Track.ID("other-\(rawValue)") }

  /// The track's stream URL, for a stream folder at `files`.
  func streamURL(files: URL) -> String {
    let base = files.deletingLastPathComponent()
    let folder = files.absoluteString.hasSuffix("/") ? files.absoluteString : files.absoluteString + "/"
    return switch self {
    case .outside: base.appendingPathComponent("outside/secret.wav").absoluteString
    case .dotDot: folder + "../outside/secret.wav"
    case .linkOut: folder + "link-out.wav"
    case .vanished: folder + "vanished.wav"
    case .unreadable: folder + "unreadable.wav"
    case .throughLink: base.appendingPathComponent("streams-link/solo-1.wav").absoluteString
    }
  }

  /// Makes the files: `outside/secret.wav` and the link `streams-link` beside `files`, and in it `link-out.wav`,
  /// `vanished.wav` and `unreadable.wav`.
  static func create(in files: URL) throws {
    let base = files.deletingLastPathComponent()
    let outside = base.appendingPathComponent("outside", isDirectory: true)
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    try TestServer.secretBytes.write(to: outside.appendingPathComponent("secret.wav"))
    try FileManager.default.createSymbolicLink(
      atPath: files.appendingPathComponent("link-out.wav").path, withDestinationPath: "../outside/secret.wav")
    try FileManager.default.createSymbolicLink(
      atPath: base.appendingPathComponent("streams-link").path, withDestinationPath: files.path)
    for name in ["vanished.wav", "unreadable.wav"] {
      try TestServer.soloBytes.write(to: files.appendingPathComponent(name))
    }
  }
}

/// Streams come only from the stream folder: a file outside it, however it is named, is not served, and a file
/// that cannot be served is a problem answered before any byte, whose detail names no path (the log does).
@Suite(.timeLimit(.minutes(5))) struct StreamConfinementTests {
  @Test(arguments: StoreBackend.allCases, [ConfinedFile.outside, .dotDot, .linkOut])
  func aFileOutsideTheStreamFolderIsNotServed(_ backend: StoreBackend, _ file: ConfinedFile) async throws {
    let log = LogRecorder()
    try await TestServer.with(backend, logger: log.logger) { server in
      let path = CatalogAPI.Path.stream(ofTrack: file.trackID.rawValue)
      let (problem, response) = try await server.problem(.GET, path, status: 404)
      #expect(problem.detail == "Track '\(file.trackID)' has no file on this server.")
      let base = server.files.deletingLastPathComponent().path
      #expect(!response.text.contains("root:") && !response.text.contains(base), "\(response.text)")
      let head = try await server.send(.HEAD, path)
      #expect(head.status == 404 && head.body.isEmpty)
      let logged = log.entries(forRequestID: try #require(problem.requestID))
      #expect(
        logged.contains { $0.level == .warning && $0.message.contains("\(base)/outside/secret.wav") },
        "\(logged)")
    }
  }

  @Test(arguments: StoreBackend.allCases) func aStreamFolderThatIsALinkServesItsFiles(_ backend: StoreBackend)
    async throws
  {
    try await TestServer.with(backend, streamFolder: .linkToFiles) { server in
      for track in ["solo-1", ConfinedFile.throughLink.trackID.rawValue] {
        let response = try await server.send(.GET, CatalogAPI.Path.stream(ofTrack: track))
        #expect(response.status == 200, "\(track): \(response.text)")
        #expect(response.body == TestServer.soloBytes)
      }
      let outside = CatalogAPI.Path.stream(ofTrack: ConfinedFile.outside.trackID.rawValue)
      try await server.problem(.GET, outside, status: 404)
    }
  }

  @Test(arguments: StoreBackend.allCases) func aVanishedFileIs404(_ backend: StoreBackend) async throws {
    try await TestServer.with(backend) { server in
      let path = CatalogAPI.Path.stream(ofTrack: ConfinedFile.vanished.trackID.rawValue)
      #expect(try await server.send(.HEAD, path).status == 200)
      try FileManager.default.removeItem(at: server.files.appendingPathComponent("vanished.wav"))
      let (problem, response) = try await server.problem(.GET, path, status: 404)
      #expect(problem.detail == "Track 'other-vanished''s file is missing.")
      #expect(!response.text.contains(server.files.path))
      #expect(try await server.send(.HEAD, path).status == 404)
    }
  }

  /// Running as root, a file's permissions do not stop it being read: then the file is replaced by a FIFO, which
  /// opens but is no file to stream.
  @Test(arguments: StoreBackend.allCases) func anUnreadableFileIsAProblemBeforeAnyByte(_ backend: StoreBackend)
    async throws
  {
    try await TestServer.with(backend) { server in
      let file = server.files.appendingPathComponent("unreadable.wav")
      if getuid() == 0 {
        try FileManager.default.removeItem(at: file)
        try #require(mkfifo(file.path, 0o600) == 0)
      } else {
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: file.path)
      }
      let path = CatalogAPI.Path.stream(ofTrack: ConfinedFile.unreadable.trackID.rawValue)
      let (problem, response) = try await server.problem(.GET, path, status: 404)
      #expect(problem.detail == "Track 'other-unreadable''s file cannot be read.")
      #expect(!response.text.contains(server.files.path))
      #expect(try await server.send(.HEAD, path).status == 404)
    }
  }
}
