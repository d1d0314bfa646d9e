import ListCore

extension DiffableDataSourceSnapshot {
  /// A snapshot holding `sections`, in order, each with its items: `.of(["A": ["a1", "a2"], "B": []])`.
  public static func of(_ sections: KeyValuePairs<SectionIdentifierType, [ItemIdentifierType]>) -> Self {
    var snapshot = Self()
    for (section, items) in sections {
      snapshot.appendSections([section])
      snapshot.appendItems(items, toSection: section)
    }
    return snapshot
  }

  /// The sections and items, as "A: a1 a2 | B: b1", for readable comparisons.
  public var outline: String {
    sectionIdentifiers.map { section in
      (["\(section):"] + itemIdentifiers(inSection: section).map { "\($0)" }).joined(separator: " ")
    }.joined(separator: " | ")
  }
}
