import Foundation

extension IndexPath {
  /// Creates an index path that names a row in a section, as UIKit's table views use them.
  public init(row: Int, section: Int) {
    // Appending to a one-index path makes a two-index one without allocating (an array literal would).
    self.init(index: section)
    append(row)
  }

  /// Creates an index path that names an item in a section, as UIKit's collection views use them.
  ///
  /// The same index path as `IndexPath(row: item, section: section)`: UIKit's two names for one place.
  public init(item: Int, section: Int) {
    self.init(row: item, section: section)
  }

  /// The section of a table or collection index path (its first index).
  public var section: Int {
    self[0]
  }

  /// The row of a table index path (its second index).
  public var row: Int {
    self[1]
  }

  /// The item of a collection index path (its second index, the same as ``row``).
  public var item: Int {
    self[1]
  }
}
