import ArtworkGeneration
import CatalogAPI
import Crypto
import Foundation
import HumbleSupport
import Logging
import PNGCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the server keeps the covers it generates: each written on its first request, never all at once.
///
/// A cover's file is `<SHA-256 of its artwork identifier, hex>.png`, so any identifier makes a short, safe name.
/// It is written to a temporary file in the folder (readable by its owner only) and renamed over the name, so a
/// reader sees a whole file or none: two first requests for one cover at once both generate it, and the second
/// rename replaces the first with the same bytes. The folder is created (0700) when the first cover is written.
///
/// A file is decoded before it is served (about a millisecond for a cover): one that is not a whole
/// ``side`` × ``side`` PNG (cut short by a crash or a full disk, changed by hand) is generated again and replaced,
/// and the log says so. A cover that cannot be written is still served, and the log says why.
struct ArtworkFolder: Sendable {
  /// The folder as configured; nil keeps no files, and generates each cover for each request.
  let path: String?

  /// The side of every cover the server serves, in pixels.
  static let side = 256

  /// A cover as it is served: its PNG and the strong entity tag of those bytes.
  struct Cover: Sendable {
    var png: [UInt8]
    /// The quoted first 128 bits of the PNG's SHA-256, as hex: the same bytes give the same tag on every server.
    var entityTag: String

    init(png: [UInt8]) {
      self.png = png
      let digest = SHA256.hash(data: png).prefix(16)
      entityTag = "\"" + digest.map { String($0, radix: 16).leftPadded(to: 2) }.joined() + "\""
    }
  }

  /// The cover of `owner`: its file when the file is whole, else generated now and written.
  ///
  /// A file that is damaged, unreadable or cannot be written is logged to `logger` (the request's) as a warning
  /// or an error. Blocking: run it off the event loops.
  func cover(of owner: CatalogAPI.ArtworkOwner, logger: Logger) throws -> Cover {
    let artworkID = owner.artworkID
    guard let path else { return Cover(png: try Self.generate(artworkID)) }
    let file = path + "/" + Self.fileName(of: artworkID)
    switch Self.contents(of: file) {
    case .success(let png):
      if let flaw = Self.flaw(of: png) {
        logger.warning("artwork file \(file) of '\(artworkID)' \(flaw): generating it again")
      } else {
        return Cover(png: png)
      }
    case .failure(let error) where error.code == ENOENT:
      break
    case .failure(let error):
      logger.warning("artwork file \(file) of '\(artworkID)' cannot be read (\(error)): generating it again")
    }
    let png = try Self.generate(artworkID)
    do {
      try Self.keep(png, as: file, in: path)
    } catch {
      logger.error("artwork of '\(artworkID)' is served but not kept: \(error)")
    }
    return Cover(png: png)
  }

  /// The name of an artwork identifier's file: its SHA-256 in hex, and `.png`.
  static func fileName(of artworkID: String) -> String {
    SHA256.hash(data: Data(artworkID.utf8)).map { String($0, radix: 16).leftPadded(to: 2) }.joined() + ".png"
  }

  private static func generate(_ artworkID: String) throws -> [UInt8] {
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

extension String {
  fileprivate func leftPadded(to length: Int) -> String {
    count >= length ? self : String(repeating: "0", count: length - count) + self
  }
}
