import ListCore

/// Random snapshots of sections of ``DiffEntry`` items, and random edits of them, for property tests of the diff
/// and of what applies it.
public enum RandomSections {
  /// Up to four sections of up to `maximumRows` items each; one item in twenty has the identifier 0, so that
  /// identifiers repeat.
  public static func make(maximumRows: Int, using random: inout TestRandom) -> [DiffableSection<Int, DiffEntry>] {
    var nextID = 0
    return (0..<Int.random(in: 0...4, using: &random)).map { section in
      DiffableSection(
        id: section,
        items: (0..<Int.random(in: 0...maximumRows, using: &random)).map { _ in
          nextID += 1
          return DiffEntry(id: Int.random(in: 0..<100, using: &random) < 5 ? 0 : nextID, content: 0)
        })
    }
  }

  /// `snapshot` with items deleted, inserted, moved and changed, and sections deleted, inserted and shuffled.
  public static func edit(
    _ snapshot: [DiffableSection<Int, DiffEntry>], using random: inout TestRandom
  ) -> [DiffableSection<Int, DiffEntry>] {
    var sections = snapshot.filter { _ in Int.random(in: 0..<10, using: &random) > 0 }
    if Int.random(in: 0..<3, using: &random) == 0 { sections.shuffle(using: &random) }
    if Int.random(in: 0..<4, using: &random) == 0 {
      sections.insert(
        DiffableSection(id: 100 + sections.count, items: []), at: Int.random(in: 0...sections.count, using: &random))
    }
    var pool = sections.flatMap(\.items).shuffled(using: &random)
    for index in sections.indices {
      sections[index].items = sections[index].items.filter { _ in Int.random(in: 0..<5, using: &random) > 0 }
      for item in sections[index].items.indices where Int.random(in: 0..<6, using: &random) == 0 {
        sections[index].items[item].content += 1
      }
      if Int.random(in: 0..<4, using: &random) == 0 { sections[index].items.shuffle(using: &random) }
      for _ in 0..<Int.random(in: 0...3, using: &random) {
        let item =
          Int.random(in: 0..<3, using: &random) == 0 && !pool.isEmpty
          ? pool.removeLast() : DiffEntry(id: 1000 + Int.random(in: 0..<1000, using: &random), content: 0)
        sections[index].items.insert(item, at: Int.random(in: 0...sections[index].items.count, using: &random))
      }
    }
    return sections
  }
}
