import CollectionKit
import CollectionKitTesting
import Foundation
import SnapshotTesting

extension Snapshotting where Value == CollectionView, Format == String {
  /// A collection view's visible state as text (`CollectionKitTesting`'s `textSnapshot()`: each shown view at
  /// its frame), recorded to and compared with a `.txt` reference under `__Snapshots__`, line by line.
  ///
  /// ```swift
  /// @MainActor @Test func thePosterGrid() {
  ///   assertSnapshot(of: collectionView, as: .text)
  /// }
  /// ```
  ///
  /// Call it on the main actor (a `@MainActor` test): `assertSnapshot` takes the snapshot synchronously on
  /// the calling thread, and the collection view lives on the main actor.
  public static var text: Snapshotting {
    SimplySnapshotting.lines.pullback { collectionView in
      MainActor.assumeIsolated { collectionView.textSnapshot() }
    }
  }
}
