import Foundation
import TableKit

/// A cell that says itself what a text snapshot shows for it, instead of its content configuration.
///
/// Conform cells that bind properties of their own (rather than a ``TableKit/ContentConfiguration``); the
/// conformance can live in a test target.
@MainActor
public protocol TextSnapshotDescribable {
  /// One line saying what the cell shows; it must not change between runs (no addresses, no dates).
  var textSnapshotDescription: String { get }
}
