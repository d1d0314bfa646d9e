/// A filled triangle: the points inside all three of its edges.
struct Triangle: CoverShape {
  /// Each edge's starting corner and its unit normal pointing inside, in 4,096ths.
  private var edges: [(x: Int, y: Int, normal: (x: Int, y: Int))] = []
  private var corners: [(x: Int, y: Int)]
  /// The area, in 256ths of a pixel squared.
  let area: Int

  /// The triangle with these corners, in any order; nil when it is too thin to see (its corners almost in a line).
  init?(_ first: (x: Int, y: Int), _ second: (x: Int, y: Int), _ third: (x: Int, y: Int)) {
    let turn = (second.x - first.x) * (third.y - first.y) - (second.y - first.y) * (third.x - first.x)
    // Twice the area, in 256ths of a pixel squared: under about eight square pixels, it is a sliver.
    guard abs(turn) >= 16 * FixedPoint.pixel * FixedPoint.pixel else { return nil }
    area = abs(turn) / 2
    corners = turn > 0 ? [first, second, third] : [first, third, second]
    for index in 0..<3 {
      let start = corners[index]
      let end = corners[(index + 1) % 3]
      // With the corners turning positively, the inside is on the left of each edge: normal (−dy, dx).
      guard let normal = FixedPoint.unit(x: start.y - end.y, y: end.x - start.x) else { return nil }
      edges.append((x: start.x, y: start.y, normal: normal))
    }
  }

  func coverage(x: Int, y: Int) -> Int {
    var inside = Int.max
    for edge in edges {
      inside = min(inside, (edge.normal.x * (x - edge.x) + edge.normal.y * (y - edge.y)) >> FixedPoint.unitShift)
    }
    return FixedPoint.coverage(insideBy: inside)
  }

  func pixelBounds(side: Int) -> (columns: Range<Int>, rows: Range<Int>) {
    let xs = corners.map(\.x)
    let ys = corners.map(\.y)
    return (
      pixels(from: xs.min()!, to: xs.max()!, side: side), pixels(from: ys.min()!, to: ys.max()!, side: side)
    )
  }
}
