import Foundation
import SnapshotTesting
import TableKit
import TableKitTesting

extension Snapshotting where Value == TableView, Format == String {
  /// A table view's visible state as text (`TableKitTesting`'s `textSnapshot()`), recorded to and compared
  /// with a `.txt` reference under `__Snapshots__`, line by line.
  ///
  /// ```swift
  /// @MainActor @Test func theArtistScreen() {
  ///   assertSnapshot(of: tableView, as: .text)
  /// }
  /// ```
  ///
  /// Call it on the main actor (a `@MainActor` test): `assertSnapshot` takes the snapshot synchronously on
  /// the calling thread, and the table view lives on the main actor.
  public static var text: Snapshotting {
    SimplySnapshotting.lines.pullback { tableView in
      MainActor.assumeIsolated { tableView.textSnapshot() }
    }
  }
}
