import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The folder the server serves stream files from: a track's `file://` stream URL is served only when the file
/// it names, every symbolic link resolved (the folder's own too), is a regular file inside it.
///
/// The file is opened before any answer is sent, and its size and version come from the open file: a file that
/// vanishes or cannot be read is a problem answer, never a cut connection.
struct StreamFolder: Sendable {
  /// The folder as configured; nil serves no files.
  let path: String?

  /// Opens the file a track's stream URL names, if the server may serve it.
  func file(named streamURL: String) throws(StreamFileRefusal) -> StreamFile {
    guard let folder = path, let url = URL(string: streamURL), url.isFileURL else { throw .noFile }
    let requested = url.path
    guard requested.hasPrefix("/"), !requested.contains("\0") else { throw .noFile }
    guard let resolvedFolder = Self.resolved(folder) else {
      // Nothing is inside a folder that does not exist; a path that would be is missing, any other outside.
      throw Self.isLexically(requested, inside: folder) ? .missing(path: requested) : .outsideFolder(path: requested)
    }
    guard let resolved = Self.resolved(requested) else {
      let inside = Self.isLexically(requested, inside: folder) || Self.isLexically(requested, inside: resolvedFolder)
      throw inside ? .missing(path: requested) : .outsideFolder(path: requested)
    }
    guard Self.isLexically(resolved, inside: resolvedFolder), resolved != resolvedFolder else {
      throw .outsideFolder(path: resolved)
    }
    // O_NOFOLLOW: a last component swapped for a link since it was resolved is refused, not followed.
    // O_NONBLOCK: a FIFO put there does not hold the request until a writer comes.
    let descriptor = open(resolved, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      throw code == ENOENT ? .missing(path: resolved) : .unreadable(path: resolved, reason: Self.text(code))
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let code = errno
      close(descriptor)
      throw .unreadable(path: resolved, reason: Self.text(code))
    }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      close(descriptor)
      throw .unreadable(path: resolved, reason: "not a regular file")
    }
    // O_NOFOLLOW guards only the last component: a folder on the way swapped for a link between realpath and
    // open would lead outside. Where the system says what the open file is, it must still be inside.
    #if os(Linux)
      if let opened = Self.resolved("/proc/self/fd/\(descriptor)"),
        !Self.isLexically(opened, inside: resolvedFolder)
      {
        close(descriptor)
        throw .outsideFolder(path: opened)
      }
    #endif
    return StreamFile(descriptor: descriptor, path: resolved, status: status)
  }

  /// The path with every symbolic link resolved, or nil when some part of it does not exist.
  static func resolved(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Whether `path`, its `.` and `..` segments applied, is `folder` or inside it.
  static func isLexically(_ path: String, inside folder: String) -> Bool {
    let path = URL(fileURLWithPath: path).standardized.path
    let folder = URL(fileURLWithPath: folder).standardized.path
    if folder == "/" { return true }
    return path == folder || path.hasPrefix(folder + "/")
  }

  private static func text(_ code: Int32) -> String {
    String(cString: strerror(code)).lowercased()
  }
}

/// Why the server does not serve a track's stream file.
///
/// Each is answered 404; only the log names the path.
enum StreamFileRefusal: Error, Equatable {
  /// The stream URL is not a `file://` URL, or the server has no stream folder.
  case noFile
  /// The file, symbolic links resolved, is outside the stream folder.
  case outsideFolder(path: String)
  /// There is no file at the path.
  case missing(path: String)
  /// The file is there but cannot be opened, or is not a regular file.
  case unreadable(path: String, reason: String)

  /// The problem answered for a track: what the caller may know, and for the log what the operator needs.
  func problem(track: String) -> ProblemError {
    switch self {
    case .noFile:
      return .notFound("Track '\(track)' has no file on this server.")
    case .outsideFolder(let path):
      var problem = ProblemError.notFound("Track '\(track)' has no file on this server.")
      problem.internalDetail = "the stream file \(path) is outside the stream folder; it is not served"
      return problem
    case .missing(let path):
      var problem = ProblemError.notFound("Track '\(track)''s file is missing.")
      problem.internalDetail = "the stream file \(path) does not exist"
      return problem
    case .unreadable(let path, let reason):
      var problem = ProblemError.notFound("Track '\(track)''s file cannot be read.")
      problem.internalDetail = "the stream file \(path) cannot be read: \(reason)"
      return problem
    }
  }
}
