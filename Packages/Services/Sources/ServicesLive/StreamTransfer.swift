import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Copies the bytes behind a stream URL (`file://` or `http(s)://`) into a local file, reporting progress.
///
/// The destination is written in chunks and flushed to disk before the transfer returns; a transfer that
/// fails or is cancelled throws and leaves the destination for the caller to delete.
struct StreamTransfer: Sendable {
  /// Why a transfer stopped without all the bytes.
  enum Failure: Error, Equatable {
    case cancelled
    case failed(String)
  }

  var chunkSize = 64 * 1024
  var maximumBytesPerSecond: Int?
  var stallTimeout: Duration = .seconds(30)
  var resumeAttempts = 0
  var resumeBackoff: Duration = .zero
  /// The most bytes a transfer may write: a source past it fails.
  var maximumBytes = Int.max
  var willWaitToResume: (@Sendable (Int) -> Void)?
  /// See ``HTTPTransfer/maximumBacklog``.
  var maximumBacklog = HTTPTransfer.defaultMaximumBacklog
  /// See ``HTTPTransfer/didFallBehind``.
  var didFallBehind: (@Sendable () -> Void)?
  /// Holds the transfer mid-way until a test releases it.
  var gate: TransferGate?

  static let supportedSchemes: Set<String> = ["file", "http", "https"]

  /// Copies `source` to `destination` and returns the number of bytes copied.
  func copy(
    from source: URL,
    to destination: URL,
    progress: @escaping @Sendable (Double) -> Void
  ) async throws(Failure) -> Int {
    guard FileManager.default.createFile(atPath: destination.path, contents: nil),
      let output = FileHandle(forWritingAtPath: destination.path)
    else { throw .failed("cannot create \(destination.path)") }
    defer { try? output.close() }
    let writer = ChunkWriter(
      output: output, maximumBytesPerSecond: maximumBytesPerSecond, maximumBytes: maximumBytes, gate: gate,
      progress: progress)
    switch source.scheme?.lowercased() {
    case "file":
      try await copyFile(at: source, to: writer)
    case "http", "https":
      let transfer = HTTPTransfer(
        url: source, stallTimeout: stallTimeout, resumeAttempts: resumeAttempts, resumeBackoff: resumeBackoff,
        willWaitToResume: willWaitToResume, maximumBacklog: maximumBacklog, didFallBehind: didFallBehind)
      try await transfer.run(into: writer)
    default:
      throw .failed("unsupported URL scheme in \(source.absoluteString)")
    }
    do {
      try output.synchronize()
    } catch {
      throw .failed("cannot flush \(destination.path) to disk: \(error.localizedDescription)")
    }
    return writer.written
  }

  private func copyFile(at source: URL, to writer: ChunkWriter) async throws(Failure) {
    let path = source.path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw .failed("stream file \(path) does not exist")
    }
    guard !isDirectory.boolValue, let input = FileHandle(forReadingAtPath: path) else {
      throw .failed("stream file \(path) cannot be read")
    }
    defer { try? input.close() }
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    writer.expectedLength = (attributes?[.size] as? NSNumber)?.intValue
    while true {
      if Task.isCancelled { throw .cancelled }
      let chunk: Data
      do {
        chunk = try input.read(upToCount: chunkSize) ?? Data()
      } catch {
        throw .failed("reading \(path) failed: \(error.localizedDescription)")
      }
      if chunk.isEmpty { break }
      try await writer.write(chunk)
    }
    // A file that shrank or grew while it was copied was being changed: what was read is no copy of it.
    if let expected = writer.expectedLength, writer.written != expected {
      throw .failed("stream file \(path) changed during the download: read \(writer.written) of \(expected) bytes")
    }
  }
}

/// Writes chunks to the destination, reports progress and keeps to the bandwidth limit.
final class ChunkWriter: @unchecked Sendable {
  // Used by one transfer at a time, from one task: no concurrent access.
  private let output: FileHandle
  private let maximumBytesPerSecond: Int?
  /// The most bytes this transfer may write.
  let maximumBytes: Int
  private let gate: TransferGate?
  private let progress: @Sendable (Double) -> Void
  private var start = ContinuousClock.now
  var expectedLength: Int?
  private(set) var written = 0

  init(
    output: FileHandle, maximumBytesPerSecond: Int?, maximumBytes: Int = .max, gate: TransferGate? = nil,
    progress: @escaping @Sendable (Double) -> Void
  ) {
    self.output = output
    self.maximumBytesPerSecond = maximumBytesPerSecond
    self.maximumBytes = maximumBytes
    self.gate = gate
    self.progress = progress
  }

  /// Empties the destination to write it again from its first byte.
  func restart() throws(StreamTransfer.Failure) {
    do {
      try output.truncate(atOffset: 0)
      try output.seek(toOffset: 0)
    } catch {
      throw .failed("cannot start the download over: \(error.localizedDescription)")
    }
    written = 0
    start = .now
  }

  func write(_ chunk: Data) async throws(StreamTransfer.Failure) {
    // Checked before writing, so nothing past the limit reaches the disk.
    guard chunk.count <= maximumBytes - written else {
      throw .failed("the stream is larger than the maximum download size of \(maximumBytes) bytes")
    }
    do {
      try output.write(contentsOf: chunk)
    } catch {
      throw .failed("writing the download failed: \(error.localizedDescription)")
    }
    written += chunk.count
    if let expectedLength, expectedLength > 0 {
      progress(min(1, Double(written) / Double(expectedLength)))
    }
    if let gate {
      do {
        try await gate.pass(written: written)
      } catch {
        throw .cancelled
      }
    }
    if let maximumBytesPerSecond, maximumBytesPerSecond > 0 {
      let due = start + .seconds(Double(written) / Double(maximumBytesPerSecond))
      do {
        try await Task.sleep(until: due, clock: .continuous)
      } catch {
        throw .cancelled
      }
    }
  }
}
