import Foundation

/// The messages of a snapshot's misuses, in UIKit's words.
///
/// They are UIKit's exception reasons, without the `_UIDiffableDataSourceUpdate` descriptions some of them
/// end with. Identifiers are written as `String(reflecting:)` writes them: text in quotes, an enumeration
/// case with its type's name.
///
/// Where UIKit's reason only names an internal variable (`section != NSNotFound`), the identifier that was
/// not found follows in parentheses.
extension SnapshotMisuse {
  /// Every identifier that occurs more than once in `identifiers`, in the order its repeats are found, or
  /// nil when they are unique.
  @usableFromInline
  static func duplicates<Identifier: Hashable>(in identifiers: [Identifier]) -> [Identifier]? {
    guard identifiers.count > 1 else { return nil }
    var seen = Set<Identifier>(minimumCapacity: identifiers.count)
    var repeated: [Identifier] = []
    var repeatedSet = Set<Identifier>()
    for identifier in identifiers where !seen.insert(identifier).inserted {
      if repeatedSet.insert(identifier).inserted { repeated.append(identifier) }
    }
    return repeated.isEmpty ? nil : repeated
  }

  /// UIKit's reason for identifiers given twice: "Supplied item identifiers are not unique…".
  @usableFromInline
  static func notUnique<Identifier>(_ kind: String, duplicates: [Identifier]) -> String {
    "Supplied \(kind) identifiers are not unique. Duplicate identifiers: {(\(list(duplicates)))}"
  }

  @usableFromInline static let noSections =
    "There are currently no sections in the data source. Please add a section first."

  /// UIKit's reason for an identifier it could not find, which names its variable, and the identifier.
  @usableFromInline
  static func notFound(_ variable: String, _ kind: String, _ identifier: some Any) -> String {
    "Invalid parameter not satisfying: \(variable) != NSNotFound (\(kind) identifier \(describe(identifier)) is "
      + "not in the snapshot)"
  }

  @usableFromInline
  static func itemDestinationInserted(_ identifier: some Any) -> String {
    "Invalid update: destination for insertion operation [\(describe(identifier))] is in the insertion identifier "
      + "list for update."
  }

  @usableFromInline
  static func sectionDestinationInserted(_ identifier: some Any) -> String {
    "Invalid update: destination for section operation [\(describe(identifier))] is in the inserted section list "
      + "for update."
  }

  /// A move onto itself; `kind` is "item" or "section".
  @usableFromInline
  static func moveOntoItself(_ kind: String, _ identifier: some Any) -> String {
    "Invalid update: destination for \(kind) move is the same as the source [\(describe(identifier))] for update."
  }

  /// A reload or reconfigure of something the snapshot does not hold.
  @usableFromInline
  static func missing(_ verb: String, _ kind: String, _ identifier: some Any) -> String {
    "Attempted to \(verb) \(kind) identifier that does not exist in the snapshot: \(describe(identifier))"
  }

  /// Sections appended or inserted that the snapshot holds already.
  @usableFromInline
  static func sectionsExist<Identifier>(_ existing: [Identifier]) -> String {
    if existing.count == 1 {
      return "Diffable data source detected an attempt to insert or append 1 section identifier that already "
        + "exists in the snapshot. Identifiers in a snapshot must be unique. Section identifier that already "
        + "exists: \(describe(existing[0]))"
    }
    return "Diffable data source detected an attempt to insert or append \(existing.count) section identifiers "
      + "that already exist in the snapshot. Identifiers in a snapshot must be unique. Section identifiers that "
      + "already exist: (\(list(existing)))"
  }

  static func describe(_ identifier: some Any) -> String {
    String(reflecting: identifier)
  }

  static func list<Identifier>(_ identifiers: [Identifier]) -> String {
    identifiers.map { describe($0) }.joined(separator: ", ")
  }
}
