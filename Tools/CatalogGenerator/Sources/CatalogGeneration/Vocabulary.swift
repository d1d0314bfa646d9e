import SeededRandomness

/// The words and syllables that made-up names and titles are built from.
///
/// A few carry diacritics or are in other scripts, so that sorting, searching and column widths meet
/// non-ASCII text.
enum Vocabulary {
  static let syllables = [
    "ka", "lo", "mi", "ren", "sha", "dor", "vel", "ix", "ta", "mon", "bri", "zel", "qua", "nor", "fen", "lys",
    "tho", "ra", "vin", "gal", "sé", "mø", "ny", "ar", "el", "on", "us", "kri", "pa", "dru", "hal", "jo",
    "bé", "sur", "ti", "wen", "ya", "zo", "cor", "ell", "fa", "gri", "hu", "is", "lan", "mé", "ost", "pim",
  ]

  static let adjectives = [
    "Midnight", "Silver", "Broken", "Electric", "Quiet", "Golden", "Paper", "Hollow", "Velvet", "Neon",
    "Frozen", "Burning", "Distant", "Crimson", "Lonely", "Wild", "Gentle", "Restless", "Secret", "Endless",
    "Faded", "Hidden", "Bright", "Lost", "Sleepless", "Borrowed", "Salt", "Glass", "Iron", "Summer",
    "Naïve", "Élégant", "Süß", "Blå", "Tiny", "Northern", "Slow", "Radiant", "Stolen", "Weightless",
  ]

  static let nouns = [
    "Harbour", "Lights", "River", "Signal", "Ocean", "Heart", "Highway", "Garden", "Mirror", "Engine",
    "Satellite", "Window", "Thunder", "Lantern", "Station", "Shadow", "Letter", "Island", "Machine", "Orchard",
    "Parade", "Compass", "Echo", "Feather", "Tide", "Ghost", "Horizon", "Avenue", "Rain", "Balloon",
    "Café", "Mañana", "Fjörd", "Rêverie", "Smörgåsbord", "Ångström", "Déjà Vu", "Zürich", "São Paulo",
    "Kraków", "Tōkyō", "東京", "Москва", "Αθήνα", "Piñata", "Crème Brûlée", "Jalapeño", "Façade", "Straße",
  ]

  static let playlistThemes = [
    "Mix", "Radio", "Essentials", "Deep Cuts", "Favourites", "for Sleeping", "for Running", "Classics",
    "Discoveries", "Sessions",
  ]
}

extension SeededRandom {
  /// One element of a non-empty array, uniformly.
  mutating func element<Element>(of array: [Element]) -> Element {
    array[next(in: 0...array.count - 1)]
  }

  /// True with the given chance, in percent.
  mutating func chance(percent: Int) -> Bool {
    next(in: 0...99) < percent
  }
}
