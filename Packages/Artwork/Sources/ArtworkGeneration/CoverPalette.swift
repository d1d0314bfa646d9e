/// A cover's colours, chosen together: a background from dark to bright in one hue, accents in a hue that goes with
/// it, and a near-white and a near-black.
struct CoverPalette {
  var deep: CoverColour
  var bright: CoverColour
  var accent: CoverColour
  var secondAccent: CoverColour
  var light: CoverColour
  var dark: CoverColour

  init(random: inout CoverRandom) {
    let hue = random.next(in: 0...359)
    let harmony = random.element(of: [30, 60, 120, 150, 180, 210, 300])
    deep = CoverColour(hue: hue, saturation: random.next(in: 110...220), value: random.next(in: 35...100))
    bright = CoverColour(
      hue: hue + random.next(in: -40...40), saturation: random.next(in: 90...200), value: random.next(in: 150...235))
    accent = CoverColour(
      hue: hue + harmony, saturation: random.next(in: 150...245), value: random.next(in: 205...255))
    secondAccent = CoverColour(
      hue: hue + harmony + random.element(of: [-40, 40, 180]), saturation: random.next(in: 120...230),
      value: random.next(in: 170...250))
    light = CoverColour(hue: hue, saturation: random.next(in: 8...40), value: random.next(in: 235...255))
    dark = CoverColour(hue: hue, saturation: random.next(in: 80...160), value: random.next(in: 12...40))
  }

  /// The colours a shape may take.
  var shapeColours: [CoverColour] { [accent, secondAccent, light, dark] }
}
