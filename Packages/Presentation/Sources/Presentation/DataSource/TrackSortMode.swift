/// How an artist page orders its tracks (favourites always come first, each group in this order).
public enum TrackSortMode: String, CaseIterable, Hashable, Sendable {
  /// The order in which the music API answered.
  case catalogOrder
  /// By title, A to Z: case- and diacritic-insensitive, numbers by value ("Track 2" before "Track 10").
  case alphabeticalAscending
  /// By title, Z to A.
  case alphabeticalDescending
  /// Most popular first.
  case mostPopular
  /// Most recently released first.
  case newest
  /// Longest first.
  case longest
  /// Shortest first.
  case shortest
}
