/// `If-None-Match` (RFC 9110 §13.1.2): whether a client already holds the representation it asks for.
///
/// The field is `*` or a list of entity tags, each possibly weak (`W/"…"`), in one field line or several.
/// Comparison is weak, as the RFC requires for this field: `W/"x"` matches `"x"`. An entity tag's opaque part may
/// hold commas, so the list is read tag by tag, not split on commas; a member that is not an entity tag matches
/// nothing, and the members after it are still read.
enum EntityTagCondition {
  /// Whether `fieldValues` (every `If-None-Match` line of a request) match `entityTag` (quoted, strong): true for
  /// `*`, since the representation exists, and for any listed tag whose opaque part is `entityTag`'s.
  static func noneMatchIsSatisfied(by fieldValues: [String], entityTag: String) -> Bool {
    let current = Array(entityTag.utf8)
    return fieldValues.contains { value in
      members(of: Array(value.utf8)).contains { member in
        switch member {
        case .any: true
        case .tag(let opaque): opaque == current
        case .malformed: false
        }
      }
    }
  }

  /// One member of the list.
  private enum Member {
    case any
    /// The opaque tag, quotes included, without its `W/`.
    case tag([UInt8])
    case malformed
  }

  private static func members(of bytes: [UInt8]) -> [Member] {
    var members: [Member] = []
    var index = 0
    let quote = UInt8(ascii: "\"")
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: ",") {
        index += 1
        continue
      }
      if byte == UInt8(ascii: "*") {
        members.append(.any)
        index += 1
        continue
      }
      var start = index
      if byte == UInt8(ascii: "W"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
        start += 2
      }
      if start < bytes.count, bytes[start] == quote,
        let end = bytes[(start + 1)...].firstIndex(of: quote)
      {
        members.append(.tag(Array(bytes[start...end])))
        index = end + 1
      } else {
        members.append(.malformed)
        index = bytes[index...].firstIndex(of: UInt8(ascii: ",")) ?? bytes.count
      }
    }
    return members
  }
}
