import Foundation
import HumbleSupport

/// PNG bytes by URL in a directory of their own, bounded in bytes: past the limit, the least recently used files go
/// first.
///
/// - The directory is created with mode 0700 (and set to it when it exists), files with mode 0600: artwork a server
///   sent for this user's token is nobody else's to read.
/// - A file is named by a 128-bit FNV-1a hash of the URL (the same in every run, unlike Swift's seeded `Hasher`)
///   and starts with a header naming its URL in full, so two URLs whose hashes collide only miss each other.
/// - A file is written to a temporary name and renamed into place: a reader sees a whole file or none.
/// - Recency is the file's modification time, set when the file is written and again at each hit (access times are
///   not kept on `noatime` mounts, and `relatime` updates them at most daily). The cache counts its files' bytes
///   once, listing the directory at its first write, and adds what each write adds. When the count passes the limit
///   it lists the directory again (another process may share it) and deletes the oldest files until the total is
///   within seven eighths of the limit, so a full cache lists its directory once per eighth of its limit written, not
///   at every write (a cold screen of posters spent half its time listing). A file larger than the whole limit is
///   not kept.
/// - It stores what was downloaded, not pixels: a 256 × 256 cover is some 30 KB of PNG but 256 KiB of pixels.
///
/// The cache is best-effort: a directory that cannot be created or written, a full disk, or a file that cannot be
/// read only makes a miss.
final class ArtworkDiskCache: Sendable {
  /// The directory the files are in.
  let directory: URL
  /// The most bytes the files may take together.
  let maximumBytes: Int
  /// Whether the directory has been made (and its mode set) by this cache, and the bytes its files take as last
  /// counted plus what was written since; writes are serialised through it.
  private let writes = Locked(Writes())

  private struct Writes {
    var prepared = false
    /// Nil until the first write counts the directory.
    var bytes: Int?
  }

  private static let fileExtension = "artwork"

  init(directory: URL, maximumBytes: Int) {
    self.directory = directory
    self.maximumBytes = maximumBytes
  }

  /// The PNG bytes kept for `url`, whose file becomes the most recently used; nil when none are kept.
  ///
  /// A file that is not what this cache writes (another URL's, cut short, damaged) is deleted.
  func png(for url: URL) -> Data? {
    let file = fileURL(for: url)
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path) else { return nil }
    let header = Self.header(for: url)
    guard let size = (attributes[.size] as? NSNumber)?.intValue, size <= maximumBytes,
      let record = FileManager.default.contents(atPath: file.path), record.starts(with: header)
    else {
      remove(for: url)
      return nil
    }
    try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
    return record.dropFirst(header.count)
  }

  /// Keeps `png` for `url` as the most recently used, then deletes the least recently used files past the limit.
  func store(_ png: Data, for url: URL) {
    let record = Self.header(for: url) + png
    guard record.count <= maximumBytes else { return }
    let file = fileURL(for: url)
    writes.withLock { writes in
      if !writes.prepared { writes.prepared = prepareDirectory() }
      guard writes.prepared else { return }
      let temporary = directory.appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString).tmp")
      guard
        FileManager.default.createFile(atPath: temporary.path, contents: record, attributes: [.posixPermissions: 0o600])
      else { return }
      let replaced = Self.size(of: file) ?? 0
      guard rename(temporary.path, file.path) == 0 else {
        unlink(temporary.path)
        return
      }
      let bytes = writes.bytes.map { $0 + record.count - replaced } ?? listFiles().reduce(0) { $0 + $1.size }
      writes.bytes = bytes > maximumBytes ? evict(downTo: maximumBytes - maximumBytes / 8, keeping: file) : bytes
    }
  }

  /// Deletes the file kept for `url`, if any.
  func remove(for url: URL) {
    try? FileManager.default.removeItem(at: fileURL(for: url))
  }

  /// The file that holds `url`'s bytes.
  func fileURL(for url: URL) -> URL {
    directory.appendingPathComponent("\(Self.hash(url.absoluteString)).\(Self.fileExtension)")
  }

  /// Creates the directory with mode 0700, or sets an existing one to it; false when neither works.
  private func prepareDirectory() -> Bool {
    let manager = FileManager.default
    do {
      try manager.createDirectory(
        at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      try manager.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path)
      return true
    } catch {
      return false
    }
  }

  /// The cache's files, their sizes and modification times, as the directory lists them now.
  private func listFiles() -> [(url: URL, size: Int, modified: Date)] {
    let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
    guard let contents = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys)
    else { return [] }
    return contents.compactMap { file in
      guard file.pathExtension == Self.fileExtension, let values = try? file.resourceValues(forKeys: Set(keys)) else {
        return nil
      }
      return (file, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast)
    }
  }

  /// Deletes the least recently modified files until the rest take at most `target` bytes, and returns what they take.
  ///
  /// `kept`, just written, stays.
  private func evict(downTo target: Int, keeping kept: URL) -> Int {
    var files = listFiles()
    var total = files.reduce(0) { $0 + $1.size }
    guard total > target else { return total }
    files.sort { $0.modified < $1.modified }
    for file in files where total > target && file.url.lastPathComponent != kept.lastPathComponent {
      guard (try? FileManager.default.removeItem(at: file.url)) != nil else { continue }
      total -= file.size
    }
    return total
  }

  /// The size of the file at `url`; nil when there is none.
  private static func size(of url: URL) -> Int? {
    var status = stat()
    return stat(url.path, &status) == 0 ? Int(status.st_size) : nil
  }

  /// What a file starts with: the format and the URL whose bytes follow.
  private static func header(for url: URL) -> Data {
    Data("humble-artwork 1\n\(url.absoluteString)\n".utf8)
  }

  /// 32 hexadecimal digits of two 64-bit FNV-1a hashes of `text`'s UTF-8 (with different offset bases).
  static func hash(_ text: String) -> String {
    let bytes = Array(text.utf8)
    func fnv1a(_ basis: UInt64) -> UInt64 {
      bytes.reduce(basis) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
    }
    return [fnv1a(0xCBF2_9CE4_8422_2325), fnv1a(0x8422_2325_CBF2_9CE4)].map { value in
      let digits = String(value, radix: 16)
      return String(repeating: "0", count: 16 - digits.count) + digits
    }.joined()
  }
}
