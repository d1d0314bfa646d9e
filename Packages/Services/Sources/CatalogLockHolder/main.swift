// A test tool: holds a write lock on a SQLite database file from a process of its own, so that tests can
// see what the live services do when another program is writing to their catalog (SQLite's locks are per
// process, so another connection in the test's own process would not be the same fault).
//
// Usage: CatalogLockHolder <database path> [--write-first]
// Begins an exclusive transaction, prints "locked" once it holds the lock, and rolls back and exits when its
// standard input closes. With --write-first it first commits a change that leaves the catalog as it was (a
// table created and dropped), as a program that has been writing for a while has: its write-ahead log is
// then not empty.

import Foundation
import GRDB

let arguments = CommandLine.arguments
guard arguments.count == 2 || (arguments.count == 3 && arguments[2] == "--write-first") else {
  FileHandle.standardError.write(Data("usage: CatalogLockHolder <database path> [--write-first]\n".utf8))
  exit(2)
}
do {
  let queue = try DatabaseQueue(path: arguments[1])
  try queue.writeWithoutTransaction { db in
    if arguments.count == 3 {
      try db.execute(sql: "CREATE TABLE catalogLockHolder (id INTEGER); DROP TABLE catalogLockHolder")
    }
    try db.execute(sql: "BEGIN EXCLUSIVE")
    FileHandle.standardOutput.write(Data("locked\n".utf8))
    while readLine() != nil {}
    try db.execute(sql: "ROLLBACK")
  }
} catch {
  FileHandle.standardError.write(Data("CatalogLockHolder: \(error)\n".utf8))
  exit(1)
}
