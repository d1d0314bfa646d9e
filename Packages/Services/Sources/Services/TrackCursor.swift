import Domain
import Foundation

/// Where a page of an artist's tracks ended, so that the next page continues right after it (keyset paging).
///
/// A cursor holds the last track's place in its order, its key in that order and its catalog position (the
/// tie-break), not a count of the tracks before it. So the next page costs what a page costs however deep it is,
/// and a track added or removed before that place between two pages neither repeats a track nor skips one.
///
/// Ask for the next page with ``TrackPageRequest/init(after:offset:limit:)``. Over HTTP a cursor travels as
/// ``encoded``, a string a client keeps and sends back without reading it. A cursor belongs to the implementation
/// that made it: its key is that catalog's own sort value (a folded title, a number).
public struct TrackCursor: Hashable, Sendable, Codable {
  /// The last track's value of the column its order sorts by.
  public enum Key: Hashable, Sendable, Codable {
    /// The catalog's own order sorts by position alone.
    case none
    /// A text (a folded title).
    case text(String)
    /// A number.
    case number(Double)
    /// A whole number.
    case integer(Int)
  }

  /// The order the page was listed in, which the next page continues.
  public var order: TrackOrder
  /// The last track's key in ``order``.
  public var key: Key
  /// The last track's position in the catalog's order, which breaks ties of ``key``.
  public var position: Int

  /// A cursor after the track with this key and position in `order`.
  public init(order: TrackOrder, key: Key, position: Int) {
    self.order = order
    self.key = key
    self.position = position
  }

  /// The cursor as an opaque, URL-safe string (a version prefix, then base64url of its JSON).
  public var encoded: String {
    let json = (try? JSONEncoder().encode(self)) ?? Data()
    return Self.prefix
      + json.base64EncodedString().replacing("+", with: "-").replacing("/", with: "_")
      .replacing("=", with: "")
  }

  /// The cursor an ``encoded`` string holds; nil for a string no cursor encodes to.
  public init?(encoded: String) {
    guard encoded.hasPrefix(Self.prefix), encoded.utf8.count <= Self.maximumEncodedLength else { return nil }
    var base64 = String(encoded.dropFirst(Self.prefix.count)).replacing("-", with: "+").replacing("_", with: "/")
    base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
    guard let data = Data(base64Encoded: base64),
      let cursor = try? JSONDecoder().decode(TrackCursor.self, from: data),
      cursor.key.belongs(to: cursor.order), cursor.key.isFinite
    else { return nil }
    self = cursor
  }

  /// The longest ``encoded`` string accepted: a cursor holds one title, which a catalog keeps short.
  public static let maximumEncodedLength = 4_096
  private static let prefix = "c1."

  /// Whether a track with `key` at `position` comes after this cursor in its order.
  public func precedes(key other: Key, position otherPosition: Int) -> Bool {
    switch key.compare(with: other, descending: order.sortsDescending) {
    case .orderedAscending: true
    case .orderedDescending: false
    case .orderedSame: position < otherPosition
    }
  }
}

extension TrackCursor.Key {
  /// Whether this kind of key is the one `order` sorts by.
  func belongs(to order: TrackOrder) -> Bool {
    switch (order, self) {
    case (.catalog, .none), (.title, .text), (.titleDescending, .text), (.popular, .integer), (.newest, .number),
      (.longest, .number), (.shortest, .number):
      true
    default: false
    }
  }

  var isFinite: Bool {
    if case .number(let value) = self { return value.isFinite }
    return true
  }

  /// How this key stands to `other` in an order that sorts ascending, or descending.
  func compare(with other: Self, descending: Bool) -> ComparisonResult {
    let ascending: ComparisonResult
    switch (self, other) {
    case (.text(let lhs), .text(let rhs)):
      ascending = lhs < rhs ? .orderedAscending : lhs == rhs ? .orderedSame : .orderedDescending
    case (.number(let lhs), .number(let rhs)):
      ascending = lhs < rhs ? .orderedAscending : lhs == rhs ? .orderedSame : .orderedDescending
    case (.integer(let lhs), .integer(let rhs)):
      ascending = lhs < rhs ? .orderedAscending : lhs == rhs ? .orderedSame : .orderedDescending
    default:
      ascending = .orderedSame
    }
    guard descending else { return ascending }
    switch ascending {
    case .orderedAscending: return .orderedDescending
    case .orderedDescending: return .orderedAscending
    case .orderedSame: return .orderedSame
    }
  }
}

extension TrackOrder {
  /// Whether the order lists the larger keys first (its tie-break, position, always ascends).
  public var sortsDescending: Bool {
    switch self {
    case .catalog, .title, .shortest: false
    case .titleDescending, .popular, .newest, .longest: true
    }
  }

  /// A track's key in this order, as the default paging of ``MusicAPI`` compares it.
  public func key(of track: Track) -> TrackCursor.Key {
    switch self {
    case .catalog: .none
    case .title, .titleDescending: .text(SearchFolding.fold(track.title))
    case .popular: .integer(track.popularity)
    case .newest: .number(track.releaseDate.timeIntervalSince1970)
    case .longest, .shortest: .number(track.duration)
    }
  }
}
