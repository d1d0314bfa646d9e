import Presentation
import Synchronization

/// A wait for a snapshot that did not come: what the page published instead, so a failing test says what it saw.
public struct SnapshotWaitTimedOut: Error, CustomStringConvertible {
  /// How long the wait lasted.
  public let limit: Duration
  /// Each snapshot that arrived and did not satisfy the condition, described in one line, in order.
  public let arrived: [String]

  /// The limit and what arrived, one snapshot per clause.
  public var description: String {
    let seen = arrived.isEmpty ? "no snapshot arrived" : "arrived: " + arrived.joined(separator: "; ")
    return "no snapshot satisfied the condition within \(limit), or before the updates ended (\(seen))"
  }
}

/// The first snapshot on `updates` (a data source's ``ArtistTableDataSource/updates()``) that satisfies
/// `condition`.
///
/// The limit only turns a snapshot that never comes into a failure that lists what arrived instead (each one's
/// state, how far its tracks loaded, and its first rows); it is not a way to wait for time to pass. A stream
/// that ends first fails the same way.
public func firstSnapshot(
  on updates: AsyncStream<ArtistPageSnapshot>,
  within limit: Duration = .seconds(120),
  where condition: @escaping @Sendable (ArtistPageSnapshot) -> Bool
) async throws -> ArtistPageSnapshot {
  let arrived = ArrivedSnapshots()
  let found = await withTaskGroup(of: ArtistPageSnapshot?.self) { group in
    group.addTask {
      for await snapshot in updates {
        if condition(snapshot) { return snapshot }
        arrived.record(snapshot)
      }
      return nil
    }
    group.addTask {
      try? await Task.sleep(for: limit)
      return nil
    }
    defer { group.cancelAll() }
    return await group.next() ?? nil
  }
  guard let found else { throw SnapshotWaitTimedOut(limit: limit, arrived: arrived.descriptions) }
  return found
}

/// The snapshots a wait saw that were not the one it waited for, each in one line.
private final class ArrivedSnapshots: Sendable {
  private let lines = Mutex<[String]>([])

  var descriptions: [String] { lines.withLock { $0 } }

  func record(_ snapshot: ArtistPageSnapshot) {
    let rows = snapshot.cellModels
    let first = rows.prefix(3).map { $0.track?.title ?? $0.playlist?.title ?? $0.relatedArtist?.title ?? "?" }
    let more = rows.count > 3 ? ", …" : ""
    let line = "\(snapshot.state), \(rows.count) rows [\(first.joined(separator: ", "))\(more)]"
    lines.withLock { $0.append(line) }
  }
}
