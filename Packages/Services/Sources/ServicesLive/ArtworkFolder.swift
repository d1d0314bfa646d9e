import ArtworkGeneration
import Crypto
import Foundation
import HumbleSupport
import PNGCodec
import Services

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A folder of generated covers, each written on its first request, never all at once: the server's artwork
/// folder and the embedded catalog's are this one rule.
///
/// A cover's file is `<SHA-256 of its artwork identifier, hex>.png` (``fileName(of:)``), so any identifier makes a
/// short, safe name, and a server and an embedded catalog over one catalog share their files. It is written to a
/// temporary file in the folder (readable by its owner only) and renamed over the name, so a reader sees a whole
/// file or none: two first requests for one cover at once both generate it, and the second rename replaces the
/// first with the same bytes. The folder is created (0700) when the first cover is written.
///
/// A kept file is decoded before it is handed out (about a millisecond for a cover): one that is not a whole
/// ``side`` × ``side`` PNG (cut short by a crash or a full disk, changed by hand) is generated again and replaced,
/// and the caller is told (``Problem``). A cover that cannot be written is still handed out, and the caller is told
/// why.
///
/// ```swift
/// let folder = ArtworkFolder(directory: URL(fileURLWithPath: "/srv/catalog-files/artwork"))
/// let png = try folder.cover(of: .artist("solo")) { problem in print(problem) }
/// ```
public struct ArtworkFolder: Hashable, Sendable {
  /// The folder; nil keeps no files, and generates each cover for each request.
  public let directory: URL?

  /// A folder of covers at `directory`; nil keeps none.
  public init(directory: URL?) {
    self.directory = directory
  }

  /// The side of every cover, in pixels.
  public static let side = 256

  /// Something that went wrong with a kept file, which the cover was handed out despite: for the caller's log.
  public enum Problem: Hashable, Sendable, CustomStringConvertible {
    /// The file held something other than a whole cover, and is generated again.
    case damaged(file: String, artworkID: String, flaw: String)
    /// The file could not be read, and is generated again.
    case unreadable(file: String, artworkID: String, reason: String)
    /// The cover was generated but could not be kept.
    case notKept(artworkID: String, reason: String)

    /// Whether the problem is an error (nothing kept) rather than a warning (a file replaced).
    public var isError: Bool {
      if case .notKept = self { return true }
      return false
    }

    /// The problem in one line.
    public var description: String {
      switch self {
      case .damaged(let file, let artworkID, let flaw):
        "artwork file \(file) of '\(artworkID)' \(flaw): generating it again"
      case .unreadable(let file, let artworkID, let reason):
        "artwork file \(file) of '\(artworkID)' cannot be read (\(reason)): generating it again"
      case .notKept(let artworkID, let reason):
        "artwork of '\(artworkID)' is served but not kept: \(reason)"
      }
    }
  }

  /// The file that keeps `owner`'s cover, whether it has been written or not; nil when the folder keeps none.
  public func fileURL(of owner: ArtworkOwner) -> URL? {
    directory?.appendingPathComponent(Self.fileName(of: owner.artworkID), isDirectory: false)
  }

  /// The PNG of `owner`'s cover: its file when the file is whole, else generated now and written.
  ///
  /// A file that is damaged, unreadable or cannot be written is told to `report`, and the cover is still handed
  /// out. Blocking (a read, or some milliseconds of generating and a write): run it off event loops.
  public func cover(of owner: ArtworkOwner, report: (Problem) -> Void) throws(PNGEncodingError) -> [UInt8] {
    let artworkID = owner.artworkID
    guard let directory, let file = fileURL(of: owner)?.path else { return try Self.generate(artworkID) }
    switch Self.contents(of: file) {
    case .success(let png):
      guard let flaw = Self.flaw(of: png) else { return png }
      report(.damaged(file: file, artworkID: artworkID, flaw: flaw))
    case .failure(let error) where error.code == ENOENT:
      break
    case .failure(let error):
      report(.unreadable(file: file, artworkID: artworkID, reason: "\(error)"))
    }
    let png = try Self.generate(artworkID)
    do {
      try Self.keep(png, as: file, in: directory.path)
    } catch {
      report(.notKept(artworkID: artworkID, reason: "\(error)"))
    }
    return png
  }

  /// The name of an artwork identifier's file: its SHA-256 in hex, and `.png`.
  public static func fileName(of artworkID: String) -> String {
    // Written into one buffer: a page of 1,001 artists names as many covers (a string per byte made the list of
    // artists four times slower).
    var identifier = artworkID
    let digest = identifier.withUTF8 { SHA256.hash(data: $0) }
    let suffix = ".png".utf8
    // A nibble's lowercase hex digit: 0-9 from "0" (48), a-f from "a" (97).
    func digit(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 48 + nibble : 87 + nibble }
    return String(unsafeUninitializedCapacity: 2 * SHA256.byteCount + suffix.count) { buffer in
      var end = 0
      for byte in digest {
        buffer[end] = digit(byte >> 4)
        buffer[end + 1] = digit(byte & 0x0F)
        end += 2
      }
      for byte in suffix {
        buffer[end] = byte
        end += 1
      }
      return end
    }
  }

  private static func generate(_ artworkID: String) throws(PNGEncodingError) -> [UInt8] {
    try CoverArt.png(for: artworkID, side: side)
  }

  /// What is wrong with a file's bytes as a cover, or nil when they are a whole `side` × `side` PNG.
  private static func flaw(of png: [UInt8]) -> String? {
    do {
      let image = try PNGImage(decoding: png, limits: PNGLimits(maximumInputBytes: maximumFileBytes))
      return image.width == side && image.height == side
        ? nil : "is \(image.width) × \(image.height) pixels, not \(side) × \(side)"
    } catch {
      return "is not a whole PNG (\(error))"
    }
  }

  /// The most bytes a cover's file may have: a 256 × 256 cover compresses to far less than its raw 256 KiB.
  private static let maximumFileBytes = 1_024 * 1_024

  /// The file's bytes; a file larger than ``maximumFileBytes`` is read only that far (and then fails to decode).
  private static func contents(of file: String) -> Result<[UInt8], FileError> {
    let descriptor = open(file, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(FileError(operation: "open", code: errno)) }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1_024)
    while bytes.count <= maximumFileBytes {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(FileError(operation: "read", code: errno))
      }
      if count == 0 { break }
      bytes += chunk[..<count]
    }
    return .success(bytes)
  }

  /// Writes `png` to a temporary file in `folder` (0600), then renames it to `file`.
  private static func keep(_ png: [UInt8], as file: String, in folder: String) throws(FileError) {
    do {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw FileError(operation: "create the folder \(folder)", reason: "\(error)".oneLine)
    }
    let temporary = folder + "/.tmp-" + UUID().uuidString + ".png"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw FileError(operation: "create \(temporary)", code: errno) }
    var written = 0
    while written < png.count {
      let count = png.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
      if count < 0 {
        if errno == EINTR { continue }
        let code = errno
        close(descriptor)
        unlink(temporary)
        throw FileError(operation: "write \(temporary)", code: code)
      }
      written += count
    }
    guard close(descriptor) == 0 else {
      let code = errno
      unlink(temporary)
      throw FileError(operation: "close \(temporary)", code: code)
    }
    guard rename(temporary, file) == 0 else {
      let code = errno
      unlink(temporary)
      throw FileError(operation: "rename \(temporary) to \(file)", code: code)
    }
  }

  /// A file operation that failed, in one line.
  struct FileError: Error, CustomStringConvertible {
    var operation: String
    var reason: String
    /// The `errno`, when the system said.
    var code: Int32?

    init(operation: String, code: Int32) {
      self.operation = operation
      self.code = code
      reason = String(cString: strerror(code)).lowercased()
    }

    init(operation: String, reason: String) {
      self.operation = operation
      self.reason = reason
    }

    var description: String { "cannot \(operation): \(reason)" }
  }
}
