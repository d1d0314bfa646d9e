/// The demo catalog's content: ten fictional artists, their tracks, playlists and related artists.
///
/// Titles mix ASCII and non-ASCII, numbered titles ("Étude No. 2", "Étude No. 10") and lowercase starts,
/// so sorting and searching have something to show; a few tracks are explicit, a few under a minute, two
/// over an hour.
enum DemoCatalogData {
  struct ArtistEntry {
    let id: String
    let name: String
    let listeners: Int
    let firstYear: Int
    let titles: [String]
  }

  static let artists: [ArtistEntry] = [
    ArtistEntry(
      id: "neon-harbour", name: "Neon Harbour", listeners: 1_284_000, firstYear: 2012,
      titles: [
        "Intro", "Chrome Tides", "Harbour Lights", "Night Ferry", "Signal Fires", "Afterglow Avenue",
        "Tidewater", "Ghost Frequencies", "Neon Rain", "Paper Satellites", "Low Orbit", "Mirrorball Sea",
        "Lighthouse Protocol", "Salt & Static", "Interlude", "Last Ferry Home",
      ]),
    ArtistEntry(
      id: "saltwater-saints", name: "Saltwater Saints", listeners: 842_500, firstYear: 2009,
      titles: [
        "Brine", "Saints of the Shoreline", "Driftwood Hymn", "Gulls", "Undertow", "Hallelujah Tide",
        "Rust on the Pier", "Shipwreck Choir", "Barnacle Blues", "The Long Swim", "Seafoam", "Lanterns",
        "Wreckers' Waltz", "Deep Water", "Coral Gospel", "Homecoming",
      ]),
    ArtistEntry(
      id: "mira-okonkwo", name: "Mira Okonkwo", listeners: 2_310_750, firstYear: 2016,
      titles: [
        "Golden Hour", "Lagos to London", "Honey & Smoke", "Say It Twice", "Midnight Market", "Velvet",
        "Unbothered", "Mama's Radio", "Slow Burn", "Sunday Best", "Diaspora", "Runaway Heart", "Kaleidoscope",
        "Same River", "Gold Dust", "Afterparty",
      ]),
    ArtistEntry(
      id: "los-relampagos", name: "Los Relámpagos", listeners: 655_000, firstYear: 2004,
      titles: [
        "Relámpago", "Corazón de Acero", "La Última Cumbia", "Tormenta", "Café de Olla", "Fuego Lento",
        "Noche de Ronda", "El Desierto", "Mañana Será", "Río Bravo", "Ámame", "Trueno",
        "Canción del Norte", "Luz Eléctrica", "Señales", "Adiós, Verano",
      ]),
    ArtistEntry(
      id: "kyoto-drift", name: "Kyoto Drift", listeners: 1_902_300, firstYear: 2018,
      titles: [
        "Shibuya Crossing", "Vending Machine Glow", "Last Train", "Tatami", "Rain on Kamo River",
        "Pachinko Dreams", "Convenience Store 3am", "Sakura Loop", "Bullet Train", "Neon Shrine",
        "Tape Hiss", "Lo-Fi Temple", "Ramen at Midnight", "Koi", "Drift Theory", "Sayonara Sun",
      ]),
    ArtistEntry(
      id: "the-quiet-foxes", name: "The Quiet Foxes", listeners: 391_200, firstYear: 2011,
      titles: [
        "Track 1", "Track 2", "Track 3", "Track 9", "Track 10", "Track 11", "Track 20", "Burrow",
        "Foxglove", "a quiet place", "Autumn Field", "Hushed", "Hedgerow", "Moonlit Copse", "Vixen",
        "Den",
      ]),
    ArtistEntry(
      id: "helene-hourglass", name: "Hélène & the Hourglass", listeners: 128_900, firstYear: 2014,
      titles: [
        "Étude No. 1", "Étude No. 2", "Étude No. 10", "Sablier", "Grains of Sand", "Ångström",
        "Über die Brücke", "Clockwork Garden", "Minuit", "Time Is a River", "Pendulum", "Éphémère",
        "The Hourglass Turns", "Drone for the Long Night", "Öresund", "Fin",
      ]),
    ArtistEntry(
      id: "dj-parallax", name: "DJ Parallax", listeners: 3_450_000, firstYear: 2015,
      titles: [
        "Parallax", "Bassline Confession", "No Filter", "Drop It Low", "Warehouse", "Hands Up (Club Edit)",
        "Strobe", "Dirty Money", "Rave Cave", "808 Heart", "Side A (Live Full Set)", "Sub Zero",
        "Siren Song", "Ultraviolet", "Bad Decisions", "Sunrise Set",
      ]),
    ArtistEntry(
      id: "brass-meridian", name: "Brass Meridian", listeners: 274_400, firstYear: 2001,
      titles: [
        "Meridian", "Second Line", "Trombone Shorty's Walk", "Bourbon Street", "Mardi Gras Morning",
        "Tuba Talk", "Horn Section", "Swing Low", "Funeral March (Joyful)", "Big Easy", "Brass Tacks",
        "Cornet Chop Suey", "Jazz Funeral", "Crescent City", "Voodoo Strut", "Last Call",
      ]),
    ArtistEntry(
      id: "aurora-vale", name: "Aurora Vale", listeners: 987_650, firstYear: 2019,
      titles: [
        "Northern Lights", "Glacier", "Fjord", "Snowblind", "Polar Night", "Midnight Sun", "Icebreaker",
        "Tundra", "Borealis", "Frostbite", "Avalanche", "Permafrost", "Whiteout", "Solstice", "Thaw",
        "Spring",
      ]),
  ]

  /// Titles whose lyrics are explicit.
  static let explicitTitles: Set<String> = [
    "Unbothered", "Afterparty", "Bassline Confession", "No Filter", "Drop It Low", "Dirty Money",
    "Bad Decisions", "Rave Cave", "Wreckers' Waltz", "Frostbite",
  ]

  /// Durations that are not drawn at random, in seconds.
  static let fixedDurations: [String: Double] = [
    "Intro": 38, "Interlude": 52, "Fin": 45, "Tape Hiss": 59, "Drone for the Long Night": 3852,
    "Side A (Live Full Set)": 4360,
  ]

  /// Related artists, most related first.
  static let related: [String: [String]] = [
    "neon-harbour": ["kyoto-drift", "aurora-vale", "dj-parallax"],
    "saltwater-saints": ["the-quiet-foxes", "brass-meridian"],
    "mira-okonkwo": ["dj-parallax", "los-relampagos", "aurora-vale"],
    "los-relampagos": ["brass-meridian", "mira-okonkwo"],
    "kyoto-drift": ["neon-harbour", "helene-hourglass"],
    "the-quiet-foxes": ["saltwater-saints", "helene-hourglass", "aurora-vale"],
    "helene-hourglass": ["the-quiet-foxes", "kyoto-drift"],
    "dj-parallax": ["neon-harbour", "mira-okonkwo"],
    "brass-meridian": ["los-relampagos", "saltwater-saints"],
    "aurora-vale": ["neon-harbour", "the-quiet-foxes", "mira-okonkwo"],
  ]

  struct PlaylistEntry {
    let id: String
    let name: String
    /// Tracks as (artist ID, 1-based track number).
    let tracks: [(String, Int)]
  }

  static let playlists: [PlaylistEntry] = [
    PlaylistEntry(
      id: "late-night-drive", name: "Late Night Drive",
      tracks: [
        ("neon-harbour", 2), ("kyoto-drift", 3), ("neon-harbour", 4), ("dj-parallax", 7), ("aurora-vale", 5),
        ("kyoto-drift", 7), ("neon-harbour", 9), ("mira-okonkwo", 5), ("kyoto-drift", 13), ("neon-harbour", 16),
      ]),
    PlaylistEntry(
      id: "sunday-morning", name: "Sunday Morning",
      tracks: [
        ("the-quiet-foxes", 10), ("helene-hourglass", 1), ("saltwater-saints", 3), ("mira-okonkwo", 10),
        ("brass-meridian", 8), ("aurora-vale", 16), ("the-quiet-foxes", 11), ("helene-hourglass", 10),
      ]),
    PlaylistEntry(
      id: "workout-mix", name: "Workout Mix",
      tracks: [
        ("dj-parallax", 1), ("dj-parallax", 2), ("mira-okonkwo", 7), ("dj-parallax", 4), ("los-relampagos", 4),
        ("dj-parallax", 10), ("neon-harbour", 8), ("dj-parallax", 14), ("los-relampagos", 12),
        ("dj-parallax", 15), ("mira-okonkwo", 16), ("dj-parallax", 12),
      ]),
    PlaylistEntry(
      id: "etudes-interludes", name: "Études & Interludes",
      tracks: [
        ("helene-hourglass", 1), ("helene-hourglass", 2), ("helene-hourglass", 3), ("neon-harbour", 1),
        ("neon-harbour", 15), ("kyoto-drift", 11), ("helene-hourglass", 16),
      ]),
    PlaylistEntry(
      id: "deep-focus", name: "Deep Focus",
      tracks: [
        ("kyoto-drift", 12), ("helene-hourglass", 14), ("aurora-vale", 9), ("kyoto-drift", 5),
        ("the-quiet-foxes", 12), ("neon-harbour", 11), ("aurora-vale", 7), ("helene-hourglass", 11),
        ("kyoto-drift", 15),
      ]),
    PlaylistEntry(
      id: "fiesta", name: "Fiesta",
      tracks: [
        ("los-relampagos", 3), ("brass-meridian", 2), ("los-relampagos", 1), ("brass-meridian", 5),
        ("mira-okonkwo", 2), ("los-relampagos", 7), ("brass-meridian", 15), ("los-relampagos", 16),
      ]),
  ]
}
