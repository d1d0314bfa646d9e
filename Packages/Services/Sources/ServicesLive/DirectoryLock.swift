import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An advisory lock on a directory that every open downloads manager holds, shared, for its lifetime.
///
/// Only a manager that finds no other holder may delete leftovers of interrupted transfers: another
/// process's running transfer writes to the same `.partial` directory.
final class DirectoryLock: Sendable {
  private let descriptor: Int32

  /// Opens the lock file of `directory`, creating it; ``holdShared(cleaningUpIfAlone:)`` takes the lock.
  init(directory: URL) throws {
    let path = directory.appendingPathComponent(".lock").path
    descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
  }

  deinit {
    close(descriptor)
  }

  /// Runs `cleanUp` if no other process or manager holds the lock, then keeps a shared hold.
  func holdShared(cleaningUpIfAlone cleanUp: () -> Void) {
    if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
      cleanUp()
    }
    // Converting (or waiting for a shared lock while another manager is cleaning up) never fails for long.
    _ = flock(descriptor, LOCK_SH)
  }
}

/// Deletes a directory when the last value that needs it is gone: the files of an in-memory catalog.
final class DirectoryRemoval: Sendable {
  let directory: URL

  init(directory: URL) {
    self.directory = directory
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }
}
