import Foundation

/// A catalog value outside its range: refused where a catalog enters (imports, the generator), and reported,
/// naming the item, where a damaged catalog is read, so that no encoder meets a non-finite number.
public enum CatalogValueError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A track's duration is not a finite number of seconds, 0 or more.
  case trackDuration(Track.ID, Double)
  /// A track's release date is not a finite time from year 1 through year 9999 (what RFC 3339 can write).
  case trackReleaseDate(Track.ID, Double)
  /// An artist's listener count is negative.
  case artistListeners(Artist.ID, Int)

  /// The earliest release date a catalog holds, in seconds since 1970: 0001-01-01T00:00:00Z.
  public static let earliestReleaseDate: Double = -62_135_596_800
  /// The first release date past the latest a catalog holds, in seconds since 1970: 10000-01-01T00:00:00Z.
  public static let releaseDateLimit: Double = 253_402_300_800

  /// A one-line explanation naming the item, the field and the value.
  public var description: String {
    switch self {
    case .trackDuration(let id, let value):
      "track \(id.rawValue.debugDescription) has duration \(value): a duration is a finite number of seconds, "
        + "0 or more"
    case .trackReleaseDate(let id, let value):
      "track \(id.rawValue.debugDescription) has release date \(value) (seconds since 1970): a release date is "
        + "a finite time from year 1 through 9999"
    case .artistListeners(let id, let value):
      "artist \(id.rawValue.debugDescription) has \(value) listeners: a listener count is 0 or more"
    }
  }
}

extension Track {
  /// Throws when a value of the track is outside its range (see ``CatalogValueError``).
  public func checkValues() throws(CatalogValueError) {
    try Self.checkValues(duration: duration, released: releaseDate.timeIntervalSince1970, of: id)
  }

  /// ``checkValues()`` of a track not made: its duration and its release date in seconds since 1970, as a store
  /// reads them; `id` is asked for only to name the track in the error.
  public static func checkValues(
    duration: TimeInterval, released: TimeInterval, of id: @autoclosure () -> ID
  ) throws(CatalogValueError) {
    guard duration.isFinite, duration >= 0 else { throw .trackDuration(id(), duration) }
    guard released >= CatalogValueError.earliestReleaseDate, released < CatalogValueError.releaseDateLimit else {
      throw .trackReleaseDate(id(), released)
    }
  }
}

extension Artist {
  /// Throws when a value of the artist is outside its range (see ``CatalogValueError``).
  public func checkValues() throws(CatalogValueError) {
    guard listeners >= 0 else { throw .artistListeners(id, listeners) }
  }
}
