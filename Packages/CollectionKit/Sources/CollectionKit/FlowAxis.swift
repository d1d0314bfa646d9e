import Foundation
import ListCore

/// Converts between a flow layout's own coordinates (along the scroll axis, "main", and across it, "cross")
/// and the collection view's x and y, so that the layout is written once for both directions.
struct FlowAxis {
  let isVertical: Bool

  /// A size's extent along the scroll axis.
  func main(_ size: CGSize) -> CGFloat {
    isVertical ? size.height : size.width
  }

  /// A size's extent across the scroll axis.
  func cross(_ size: CGSize) -> CGFloat {
    isVertical ? size.width : size.height
  }

  /// A size from its extents along and across the scroll axis.
  func size(main: CGFloat, cross: CGFloat) -> CGSize {
    isVertical ? CGSize(width: cross, height: main) : CGSize(width: main, height: cross)
  }

  /// A frame from its start and extent along and across the scroll axis.
  func rect(main: CGFloat, cross: CGFloat, mainLength: CGFloat, crossLength: CGFloat) -> CGRect {
    isVertical
      ? CGRect(x: cross, y: main, width: crossLength, height: mainLength)
      : CGRect(x: main, y: cross, width: mainLength, height: crossLength)
  }

  /// A rectangle's range along the scroll axis.
  func mainRange(_ rect: CGRect) -> (lower: CGFloat, upper: CGFloat) {
    isVertical ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX)
  }

  /// A section inset's four sides in flow coordinates.
  func insets(_ insets: EdgeInsets) -> FlowInsets {
    isVertical
      ? FlowInsets(
        mainLeading: insets.top, mainTrailing: insets.bottom, crossLeading: insets.left,
        crossTrailing: insets.right)
      : FlowInsets(
        mainLeading: insets.left, mainTrailing: insets.right, crossLeading: insets.top,
        crossTrailing: insets.bottom)
  }
}

/// A section inset in flow coordinates.
struct FlowInsets {
  var mainLeading: CGFloat
  var mainTrailing: CGFloat
  var crossLeading: CGFloat
  var crossTrailing: CGFloat
}

extension CGRect {
  /// Whether the two rectangles share area: rectangles that only touch, and empty ones, do not.
  func overlaps(_ other: CGRect) -> Bool {
    minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
  }
}
