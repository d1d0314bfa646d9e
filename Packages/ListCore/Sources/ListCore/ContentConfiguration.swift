import Foundation

/// What a cell shows, set as a whole on a cell's `contentConfiguration` (a table's or a collection view's), as
/// `UIContentConfiguration` is.
///
/// A headless view draws nothing: a configuration is the cell's content as data, which tests, text snapshots
/// and renderers read.
public protocol ContentConfiguration: Sendable {
  /// One line saying what the cell shows, for text snapshots and logs.
  var summary: String { get }
}
