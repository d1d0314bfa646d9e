/// How a cover is composed from its random choices: a palette, a gradient, often a glow, and shapes in one of a few
/// styles that covers have (a sun over a striped horizon, orbits, stripes, shards, bubbles).
///
/// Every choice is drawn from ``CoverRandom`` in a fixed order, so any change here changes every cover: the tests pin
/// the pixels of a few, and a change that means to alter the art updates them on purpose.
enum CoverDesign {
  enum Style: CaseIterable {
    case sunset
    case orbits
    case stripes
    case shards
    case bubbles
  }

  /// The cover of `identifier`, `side` pixels square.
  static func canvas(for identifier: String, side: Int) -> CoverCanvas {
    var random = CoverRandom(identifier: identifier)
    let palette = CoverPalette(random: &random)
    // Lengths and positions in thousandths of the side, so that a cover looks the same at every size.
    let fullSide = side * FixedPoint.pixel
    func length(_ thousandths: Int) -> Int { fullSide * thousandths / 1_000 }
    func randomLength(_ thousandths: ClosedRange<Int>) -> Int { length(random.next(in: thousandths)) }

    var canvas = CoverCanvas(
      side: side, gradientFrom: palette.deep, to: palette.bright, along: randomDirection(&random))
    if random.chance(percent: 60) {
      let glow = Disc(
        centreX: randomLength(0...1_000), centreY: randomLength(0...1_000), radius: randomLength(250...600),
        softness: randomLength(300...600))
      canvas.draw(glow, in: palette.light, opacity: random.next(in: 40...90))
    }

    switch random.element(of: Style.allCases) {
    case .sunset:
      let centreY = randomLength(350...600)
      let radius = randomLength(170...320)
      let sun = Disc(centreX: randomLength(300...700), centreY: centreY, radius: radius)
      canvas.draw(sun, in: palette.accent, opacity: 256)
      let stripes = random.next(in: 3...6)
      let tilt = random.next(in: -1...1)
      let normal = FixedPoint.unit(x: tilt, y: 12)!
      for stripe in 0..<stripes {
        let band = Band(
          normal: normal, throughX: length(500), throughY: centreY + radius * (stripe + 1) / (stripes + 1),
          halfWidth: length(8 + 8 * stripe))
        canvas.draw(band, in: palette.deep, opacity: 256)
      }
      if random.chance(percent: 50) {
        let ground = Band(
          normal: normal, throughX: length(500), throughY: length(1_000), halfWidth: randomLength(80...200))
        canvas.draw(ground, in: palette.dark, opacity: random.next(in: 180...256))
      }
    case .orbits:
      let centreX = randomLength(200...800)
      let centreY = randomLength(200...800)
      var radius = randomLength(100...200)
      let step = randomLength(70...140)
      for _ in 0..<random.next(in: 2...5) {
        let ring = Ring(centreX: centreX, centreY: centreY, radius: radius, halfThickness: randomLength(6...28))
        canvas.draw(ring, in: random.element(of: palette.shapeColours), opacity: random.next(in: 190...256))
        radius += step
      }
      let planet = Disc(centreX: centreX, centreY: centreY, radius: randomLength(35...90))
      canvas.draw(planet, in: random.element(of: [palette.accent, palette.light]), opacity: 256)
    case .stripes:
      let normal = randomDirection(&random)
      let period = randomLength(90...190)
      let halfWidth = min(randomLength(15...70), period / 2)
      let startX = randomLength(0...1_000)
      let startY = randomLength(0...1_000)
      let colours = [palette.accent, random.element(of: [palette.secondAccent, palette.light, palette.dark])]
      for stripe in -random.next(in: 1...4)...random.next(in: 1...4) {
        let band = Band(
          normal: normal, throughX: startX + (normal.x * period * stripe) >> FixedPoint.unitShift,
          throughY: startY + (normal.y * period * stripe) >> FixedPoint.unitShift, halfWidth: halfWidth)
        canvas.draw(band, in: colours[(stripe % 2 + 2) % 2], opacity: random.next(in: 200...256))
      }
    case .shards:
      let wanted = random.next(in: 2...4)
      var drawn = 0
      for _ in 0..<12 where drawn < wanted {
        func corner() -> (x: Int, y: Int) { (x: randomLength(-200...1_200), y: randomLength(-200...1_200)) }
        // A shard takes at least about a twentieth of the cover: a sliver reads as a scratch.
        guard let shard = Triangle(corner(), corner(), corner()), shard.area >= length(225) * length(225)
        else { continue }
        canvas.draw(shard, in: random.element(of: palette.shapeColours), opacity: random.next(in: 150...235))
        drawn += 1
      }
    case .bubbles:
      for _ in 0..<random.next(in: 3...8) {
        let bubble = Disc(
          centreX: randomLength(0...1_000), centreY: randomLength(0...1_000), radius: randomLength(40...300))
        canvas.draw(bubble, in: random.element(of: palette.shapeColours), opacity: random.next(in: 110...235))
      }
    }
    return canvas
  }

  /// A direction at one of many angles, as a unit vector in 4,096ths.
  private static func randomDirection(_ random: inout CoverRandom) -> (x: Int, y: Int) {
    while true {
      if let direction = FixedPoint.unit(x: random.next(in: -8...8), y: random.next(in: -8...8)) { return direction }
    }
  }
}
