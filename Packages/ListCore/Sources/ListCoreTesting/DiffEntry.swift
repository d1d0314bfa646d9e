/// An item of a diffed test snapshot, its identity and its content apart: a kept item whose content changed is
/// reloaded.
public struct DiffEntry: Identifiable, Hashable, Sendable, CustomStringConvertible {
  /// The item's identity across snapshots.
  public var id: Int
  /// What the item shows.
  public var content: Int

  /// An item with an identity and a content.
  public init(id: Int, content: Int) {
    self.id = id
    self.content = content
  }

  /// "id:content".
  public var description: String { "\(id):\(content)" }
}
