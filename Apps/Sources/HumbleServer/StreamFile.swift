import Foundation
import Hummingbird
import NIOPosix

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A stream file the server has opened: its size and version are the open file's, and its bytes are read from
/// it, so a file renamed or replaced after it was opened cannot change what is sent.
///
/// The descriptor closes when the last reference goes, whether or not its bytes were sent (a HEAD, a client
/// that left before the body).
final class StreamFile: Sendable {
  private let descriptor: Int32
  /// The file's path, symbolic links resolved: for the log and the content type.
  let path: String
  /// Its size in bytes.
  let size: Int
  /// When its content last changed.
  let modified: Date

  init(descriptor: Int32, path: String, status: stat) {
    self.descriptor = descriptor
    self.path = path
    size = Int(status.st_size)
    #if canImport(Darwin)
      let time = status.st_mtimespec
    #else
      let time = status.st_mtim
    #endif
    modified = Date(timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000)
  }

  deinit {
    close(descriptor)
  }

  /// A body that reads `range` of the file in chunks as the client takes them, on NIO's thread pool.
  ///
  /// The file is never all in memory. A file cut shorter while it is sent ends the body early, and with it the
  /// connection.
  func body(_ range: ClosedRange<Int>, chunkLength: Int = 128 * 1024) -> ResponseBody {
    ResponseBody(contentLength: range.count) { writer in
      var offset = range.lowerBound
      while offset <= range.upperBound {
        let length = min(chunkLength, range.upperBound - offset + 1)
        let start = offset
        let chunk = try await NIOThreadPool.singleton.runIfActive { try self.read(length, at: start) }
        try await writer.write(chunk)
        offset += chunk.readableBytes
      }
      try await writer.finish(nil)
    }
  }

  private func read(_ length: Int, at offset: Int) throws -> ByteBuffer {
    var buffer = ByteBuffer()
    var code: Int32?
    let read = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: length) { bytes in
      var count = -1
      repeat {
        count = pread(descriptor, bytes.baseAddress, length, off_t(offset))
      } while count < 0 && errno == EINTR
      if count < 0 { code = errno }
      return max(count, 0)
    }
    guard read > 0 else { throw StreamFileReadError(path: path, offset: offset, code: code) }
    return buffer
  }
}

/// A stream file that could not be read while it was sent (it was cut short, or the disk failed).
struct StreamFileReadError: Error, CustomStringConvertible {
  var path: String
  var offset: Int
  /// The `errno`, or nil when the file ended early.
  var code: Int32?

  var description: String {
    let reason = code.map { String(cString: strerror($0)).lowercased() } ?? "the file ended early"
    return "reading the stream file \(path) at byte \(offset) failed: \(reason)"
  }
}
