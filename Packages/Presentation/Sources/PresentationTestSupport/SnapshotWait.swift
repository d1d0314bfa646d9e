import Presentation
import ServicesTestSupport

/// The first snapshot on `updates` (a data source's ``ArtistTableDataSource/updates()``) that satisfies
/// `condition`.
///
/// The limit only turns a snapshot that never comes into a `StreamWaitTimedOut` that lists what arrived
/// instead (each snapshot's state, row count and first rows); it is not a way to wait for time to pass.
public func firstSnapshot(
  on updates: AsyncStream<ArtistPageSnapshot>,
  within limit: Duration = .seconds(120),
  where condition: @escaping @Sendable (ArtistPageSnapshot) -> Bool
) async throws(StreamWaitTimedOut) -> ArtistPageSnapshot {
  try await firstElement(of: updates, within: limit, describing: describe, where: condition)
}

/// A snapshot in one line: its state, how many rows it has and the first three.
@Sendable private func describe(_ snapshot: ArtistPageSnapshot) -> String {
  let rows = snapshot.cellModels
  let first = rows.prefix(3).map { $0.track?.title ?? $0.playlist?.title ?? $0.relatedArtist?.title ?? "?" }
  let more = rows.count > 3 ? ", …" : ""
  return "\(snapshot.state), \(rows.count) rows [\(first.joined(separator: ", "))\(more)]"
}

/// The first snapshot on `updates` (a grid's ``PosterGridDataSource/updates()``) that satisfies `condition`.
///
/// The limit only turns a snapshot that never comes into a `StreamWaitTimedOut` that lists what arrived instead
/// (each snapshot's revision, state and posters); it is not a way to wait for time to pass.
public func firstSnapshot(
  on updates: AsyncStream<PosterGridSnapshot>,
  within limit: Duration = .seconds(120),
  where condition: @escaping @Sendable (PosterGridSnapshot) -> Bool
) async throws(StreamWaitTimedOut) -> PosterGridSnapshot {
  try await firstElement(of: updates, within: limit, describing: describeGrid, where: condition)
}

/// A grid's snapshot in one line: its revision, its state, how many posters it has and the first three.
@Sendable private func describeGrid(_ snapshot: PosterGridSnapshot) -> String {
  let posters = snapshot.cellModels
  let first = posters.prefix(3).map(\.title).joined(separator: ", ")
  let more = posters.count > 3 ? ", …" : ""
  return "revision \(snapshot.revision): \(snapshot.state), \(posters.count) posters [\(first)\(more)]"
}
