import Foundation
import ListCore

/// One section of a flow layout, in flow coordinates (along and across the scroll axis).
struct FlowSection {
  /// Where the section (its header) starts along the scroll axis.
  var start: CGFloat
  /// The header's extent along the scroll axis; 0 for none.
  var headerLength: CGFloat
  /// Where the first line starts, after the header and the leading inset.
  var linesStart: CGFloat
  /// Where the footer starts, after the last line and the trailing inset.
  var footerStart: CGFloat
  /// The footer's extent along the scroll axis; 0 for none.
  var footerLength: CGFloat
  /// The section's items, in lines.
  var lines: FlowLines

  /// Where the section (its footer) ends along the scroll axis.
  var end: CGFloat {
    footerStart + footerLength
  }
}

/// A section's lines: arithmetic when every item has one size, measured otherwise.
enum FlowLines {
  case uniform(UniformFlowLines)
  case measured(MeasuredFlowLines)

  var itemCount: Int {
    switch self {
    case .uniform(let lines): lines.itemCount
    case .measured(let lines): lines.frames.count
    }
  }
}

/// Where a line's items go across the scroll axis, one rule for every line.
struct FlowLinePlacement {
  /// The first item's offset from the leading inset.
  var start: CGFloat
  /// The distance between neighbouring items.
  var spacing: CGFloat

  /// The placement of a line of `count` items whose extents across add up to `itemsLength`.
  ///
  /// A line that ended with room for another item like its last (only a section's last line can) starts at
  /// the leading inset with the minimum spacing. Otherwise a line of one item is centred, and a line of
  /// several is justified: the room left is shared evenly between its items.
  init(count: Int, itemsLength: CGFloat, available: CGFloat, minimumSpacing: CGFloat, hasRoomForMore: Bool) {
    if hasRoomForMore {
      (start, spacing) = (0, minimumSpacing)
    } else if count == 1 {
      (start, spacing) = (max(0, (available - itemsLength) / 2), 0)
    } else {
      (start, spacing) = (0, (available - itemsLength) / CGFloat(count - 1))
    }
  }
}

/// A section whose items share one size: every frame is computed from the item's index.
struct UniformFlowLines {
  var itemCount: Int
  var itemMain: CGFloat
  var itemCross: CGFloat
  var lineSpacing: CGFloat
  var interitemSpacing: CGFloat
  /// Where items may go across: the leading inset, and the room between the insets.
  var crossLeading: CGFloat
  var available: CGFloat
  var perLine: Int

  private static let maximumPerLine = 1 << 40

  init(
    itemCount: Int, itemSize: (main: CGFloat, cross: CGFloat), lineSpacing: CGFloat, interitemSpacing: CGFloat,
    crossLeading: CGFloat, available: CGFloat
  ) {
    self.itemCount = itemCount
    (itemMain, itemCross) = itemSize
    self.lineSpacing = lineSpacing
    self.interitemSpacing = interitemSpacing
    self.crossLeading = crossLeading
    self.available = available
    // How many fit, whatever the count: a line with fewer has room for more. Capped so that zero-sized items
    // (which fit without end) keep the arithmetic finite.
    let step = itemCross + interitemSpacing
    if itemCross > available {
      perLine = 1
    } else if step <= 0 {
      perLine = Self.maximumPerLine
    } else {
      perLine = 1 + Int(min(((available - itemCross) / step).rounded(.down), Double(Self.maximumPerLine - 1)))
    }
  }

  var lineCount: Int {
    (itemCount + perLine - 1) / perLine
  }

  /// The extent of the lines along the scroll axis.
  var length: CGFloat {
    lineCount == 0 ? 0 : CGFloat(lineCount) * itemMain + CGFloat(lineCount - 1) * lineSpacing
  }

  /// An item's start along and across the scroll axis, relative to the first line's start.
  func origin(ofItem item: Int) -> (main: CGFloat, cross: CGFloat) {
    let line = item / perLine
    let count = min(perLine, itemCount - line * perLine)
    let placement = FlowLinePlacement(
      count: count, itemsLength: CGFloat(count) * itemCross, available: available, minimumSpacing: interitemSpacing,
      hasRoomForMore: count < perLine)
    let column = CGFloat(item - line * perLine)
    return (
      CGFloat(line) * (itemMain + lineSpacing),
      crossLeading + placement.start + column * (itemCross + placement.spacing)
    )
  }

  /// The items of the lines that may overlap `lower..<upper` along the scroll axis (relative to the first
  /// line's start): a range that costs nothing to compute, at most one line too wide at each end.
  func items(near lower: CGFloat, _ upper: CGFloat) -> Range<Int> {
    let step = itemMain + lineSpacing
    guard lineCount > 0, step > 0, upper > 0, itemMain > 0 else { return 0..<0 }
    let lastLine = Double(lineCount - 1)
    let first = Int(min(max(0, (lower / step).rounded(.down)), lastLine))
    let last = Int(min(max(0, (upper / step).rounded(.down)), lastLine))
    return (first * perLine)..<min(itemCount, (last + 1) * perLine)
  }
}

/// A section whose items have their own sizes: every frame is measured when the layout is prepared.
struct MeasuredFlowLines {
  /// Each line's start along the scroll axis, its extent, and its items.
  var lines: [(start: CGFloat, length: CGFloat, items: Range<Int>)] = []
  /// Each item's frame, in the collection view's coordinates.
  var frames: [CGRect] = []

  /// The items of the lines that overlap `lower..<upper` along the scroll axis: O(log lines + those items).
  func items(near lower: CGFloat, _ upper: CGFloat) -> Range<Int> {
    var low = 0
    var high = lines.count
    while low < high {
      let middle = (low + high) / 2
      if lines[middle].start + lines[middle].length <= lower { low = middle + 1 } else { high = middle }
    }
    var end = low
    while end < lines.count, lines[end].start < upper { end += 1 }
    guard low < end else { return 0..<0 }
    return lines[low].items.lowerBound..<lines[end - 1].items.upperBound
  }
}
