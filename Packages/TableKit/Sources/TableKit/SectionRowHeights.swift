import Foundation

/// The heights of one section's rows: one uniform height until a row differs, then a height per row kept
/// in a Fenwick tree, so that a row's offset and the row at an offset cost O(log rows).
///
/// Also remembers which rows' exact heights have been asked, so each is asked once per load.
struct SectionRowHeights {
  /// The number of rows.
  let count: Int
  /// The height of every row while ``isUniform``.
  let uniform: CGFloat
  /// The sum of the rows' heights.
  private(set) var total: CGFloat
  /// Each row's height, once one differs from `uniform`; empty before.
  private var heights: [CGFloat] = []
  /// A one-based Fenwick tree over `heights`: `tree[i]` sums rows `i - (i & -i)` up to `i - 1`.
  private var tree: [CGFloat] = []
  /// One bit per row whose exact height has been asked; empty until the first.
  private var measured: [UInt64] = []
  private var allMeasured = false

  /// Rows of one height.
  init(count: Int, uniform: CGFloat) {
    self.count = count
    self.uniform = uniform
    total = CGFloat(count) * uniform
  }

  /// Rows of the given heights; uniform (and without per-row storage) when they are all `uniform`.
  init(heights: [CGFloat], uniform: CGFloat) {
    self.init(count: heights.count, uniform: uniform)
    guard heights.contains(where: { $0 != uniform }) else { return }
    self.heights = heights
    buildTree()
  }

  /// Whether every row has the uniform height (no per-row storage).
  var isUniform: Bool { heights.isEmpty }

  /// The height of a row.
  func height(ofRow row: Int) -> CGFloat {
    heights.isEmpty ? uniform : heights[row]
  }

  /// The sum of the heights of the rows before `row`, which may be `count`.
  func top(ofRow row: Int) -> CGFloat {
    guard !heights.isEmpty else { return CGFloat(row) * uniform }
    var sum: CGFloat = 0
    var index = row
    while index > 0 {
      sum += tree[index]
      index -= index & -index
    }
    return sum
  }

  /// How many leading rows end at or above `y` (measured from the section's first row): the index of the
  /// first row whose bottom is below `y`, or `count`.
  func rowsEnding(atOrAbove y: CGFloat) -> Int {
    guard y >= 0 else { return 0 }
    guard !heights.isEmpty else {
      guard uniform > 0 else { return count }
      // Clamp in floating point: a huge offset or a tiny row height must not overflow Int.
      return Int(min((y / uniform).rounded(.down), CGFloat(count)))
    }
    var position = 0
    var remaining = y
    var step = 1
    while step * 2 <= count { step *= 2 }
    while step > 0 {
      if position + step <= count, tree[position + step] <= remaining {
        position += step
        remaining -= tree[position]
      }
      step /= 2
    }
    return position
  }

  /// Sets a row's height, storing heights per row from the first that differs.
  mutating func setHeight(_ height: CGFloat, ofRow row: Int) {
    let old = self.height(ofRow: row)
    guard height != old else { return }
    if heights.isEmpty {
      heights = Array(repeating: uniform, count: count)
      heights[row] = height
      buildTree()
      return
    }
    heights[row] = height
    var index = row + 1
    while index <= count {
      tree[index] += height - old
      index += index & -index
    }
    total += height - old
  }

  /// Whether the row's exact height has been asked.
  func isMeasured(_ row: Int) -> Bool {
    allMeasured || (!measured.isEmpty && measured[row / 64] & (1 << UInt64(row % 64)) != 0)
  }

  /// Remembers that the row's exact height has been asked.
  mutating func markMeasured(_ row: Int) {
    if measured.isEmpty { measured = Array(repeating: 0, count: (count + 63) / 64) }
    measured[row / 64] |= 1 << UInt64(row % 64)
  }

  /// Remembers that every row's exact height has been asked.
  mutating func markAllMeasured() {
    allMeasured = true
  }

  private mutating func buildTree() {
    tree = [0] + heights
    for index in 1..<max(1, count + 1) {
      let parent = index + (index & -index)
      if parent <= count { tree[parent] += tree[index] }
    }
    total = heights.reduce(0, +)
  }
}
