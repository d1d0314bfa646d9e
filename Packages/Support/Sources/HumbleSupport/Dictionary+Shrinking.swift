extension Dictionary {
  /// Gives most of the storage back once at most a quarter of it is in use, when it holds more than `capacity`
  /// entries: Swift's dictionaries never shrink by themselves, so a burst (10,000 connections) would leave its
  /// storage behind for good.
  public mutating func shrinkIfMostlyUnused(above capacity: Int = 1_024) {
    guard self.capacity > capacity, count * 4 < self.capacity else { return }
    var shrunk = [Key: Value](minimumCapacity: count)
    for (key, value) in self { shrunk[key] = value }
    self = shrunk
  }
}

extension Set {
  /// Gives most of the storage back once at most a quarter of it is in use, when it holds more than `capacity`
  /// members (see `Dictionary.shrinkIfMostlyUnused(above:)`).
  public mutating func shrinkIfMostlyUnused(above capacity: Int = 1_024) {
    guard self.capacity > capacity, count * 4 < self.capacity else { return }
    var shrunk = Set(minimumCapacity: count)
    for member in self { shrunk.insert(member) }
    self = shrunk
  }
}
