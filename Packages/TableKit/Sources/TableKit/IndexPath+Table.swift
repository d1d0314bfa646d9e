import Foundation

extension IndexPath {
  /// Creates an index path that names a row in a section, as UIKit's table views use them.
  public init(row: Int, section: Int) {
    // Appending to a one-index path makes a two-index one without allocating (an array literal would).
    self.init(index: section)
    append(row)
  }

  /// The section of a table index path (its first index).
  public var section: Int {
    self[0]
  }

  /// The row of a table index path (its second index).
  public var row: Int {
    self[1]
  }
}
