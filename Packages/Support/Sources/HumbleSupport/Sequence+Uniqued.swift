extension Sequence where Element: Hashable {
  /// The elements in their order, each once: a repeat of an element seen before is left out.
  public func uniquedKeepingOrder() -> [Element] {
    var seen = Set<Element>()
    return filter { seen.insert($0).inserted }
  }
}

extension Sequence {
  /// The elements in their order, each key once: an element whose `key` was seen before is left out.
  public func uniquedKeepingOrder<Key: Hashable>(by key: (Element) throws -> Key) rethrows -> [Element] {
    var seen = Set<Key>()
    return try filter { seen.insert(try key($0)).inserted }
  }
}
