import Foundation

// Foundation on Linux has no `item` and `section` for index paths. These stay internal until the shared
// package provides them publicly; then this file goes.
extension IndexPath {
  /// An index path that names an item in a section.
  init(item: Int, section: Int) {
    self.init(index: section)
    append(item)
  }

  /// The section of an item's index path (its first index).
  var section: Int {
    self[0]
  }

  /// The item of an item's index path (its second index).
  var item: Int {
    self[1]
  }
}
