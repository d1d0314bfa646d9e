import Foundation
import Services

#if canImport(Glibc)
  import Glibc
  private let readBytes = Glibc.read
#elseif canImport(Darwin)
  import Darwin
  private let readBytes = Darwin.read
#endif

/// Reads the bytes of artwork in a local file, within a byte limit, in chunks that each check the calling task's
/// cancellation (a cancelled read is abandoned between two chunks).
///
/// Only a regular file is read: a directory, a FIFO or a device (`/dev/zero` never ends) is not an image.
enum ArtworkFile {
  private static let chunkBytes = 64 * 1_024

  /// The bytes of the file at `url`, or why there are none: a missing file is not found, one larger than
  /// `maximumBytes` too large (refused before it is read).
  static func read(_ url: URL, maximumBytes: Int) -> Result<Data, ArtworkLoadError> {
    let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR { return .failure(.notFound(url)) }
      return .failure(.unreachable(url, reason: "cannot open the file: \(String(cString: strerror(code)))"))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      return .failure(.unreachable(url, reason: "cannot read the file: \(String(cString: strerror(errno)))"))
    }
    // S_IFMT and S_IFREG, which Glibc's headers define through macros Swift does not import.
    guard status.st_mode & 0o170000 == 0o100000 else {
      return .failure(.notAnImage(url, reason: "it is not a regular file"))
    }
    let size = Int(status.st_size)
    guard size <= maximumBytes else { return .failure(tooLarge(url, size: size, maximumBytes: maximumBytes)) }
    var data = Data(capacity: size)
    var chunk = [UInt8](repeating: 0, count: chunkBytes)
    while true {
      if Task.isCancelled { return .failure(.cancelled) }
      let count = chunk.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else {
        return .failure(.unreachable(url, reason: "cannot read the file: \(String(cString: strerror(errno)))"))
      }
      if count == 0 { return .success(data) }
      // The file may have grown since it was measured.
      guard data.count + count <= maximumBytes else {
        return .failure(tooLarge(url, size: nil, maximumBytes: maximumBytes))
      }
      data.append(contentsOf: chunk[0..<count])
    }
  }

  private static func tooLarge(_ url: URL, size: Int?, maximumBytes: Int) -> ArtworkLoadError {
    let measured = size.map { "the file is \($0) bytes" } ?? "the file grew"
    return .tooLarge(url, width: 0, height: 0, limit: "\(measured), more than the maximum of \(maximumBytes) bytes")
  }
}
