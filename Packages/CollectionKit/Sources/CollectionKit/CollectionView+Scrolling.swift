import Foundation
import ListCore

extension CollectionView {
  /// Where an item ends up when the collection view scrolls to it, as `UICollectionView.ScrollPosition`.
  ///
  /// Name at most one vertical and one horizontal position; an axis with none scrolls as little as makes the
  /// item visible along it.
  public struct ScrollPosition: OptionSet, Sendable, Hashable {
    /// The item at the top of the visible bounds.
    public static let top = ScrollPosition(rawValue: 1 << 0)
    /// The item in the middle of the visible bounds, vertically.
    public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
    /// The item at the bottom of the visible bounds.
    public static let bottom = ScrollPosition(rawValue: 1 << 2)
    /// The item at the left of the visible bounds.
    public static let left = ScrollPosition(rawValue: 1 << 3)
    /// The item in the middle of the visible bounds, horizontally.
    public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
    /// The item at the right of the visible bounds.
    public static let right = ScrollPosition(rawValue: 1 << 5)

    /// The option bits.
    public let rawValue: UInt

    /// Creates a position from its bits.
    public init(rawValue: UInt) {
      self.rawValue = rawValue
    }
  }

  /// Scrolls so that the item is at `scrollPosition`, within the content; an item that does not exist, or that
  /// the layout places at no finite frame (a layout given infinite or not-a-number sizes), is ignored.
  public func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
    guard let frame = layoutAttributesForItem(at: indexPath)?.frame,
      [frame.minX, frame.maxX, frame.minY, frame.maxY].allSatisfy(\.isFinite)
    else { return }
    let content = contentSize
    let size = bounds.size
    let y = Self.offset(
      showing: frame.minY...frame.maxY, from: contentOffset.y, length: size.height, content: content.height,
      at: [
        scrollPosition.contains(.top), scrollPosition.contains(.centeredVertically), scrollPosition.contains(.bottom),
      ])
    let x = Self.offset(
      showing: frame.minX...frame.maxX, from: contentOffset.x, length: size.width, content: content.width,
      at: [
        scrollPosition.contains(.left), scrollPosition.contains(.centeredHorizontally), scrollPosition.contains(.right),
      ])
    contentOffset = CGPoint(x: x, y: y)
  }

  /// The offset along one axis that puts `span` at the leading edge, the middle or the trailing edge (the
  /// first of `at` that is true), or else makes it just visible; kept within the content.
  private static func offset(
    showing span: ClosedRange<CGFloat>, from current: CGFloat, length: CGFloat, content: CGFloat, at: [Bool]
  ) -> CGFloat {
    var offset = current
    if at[0] {
      offset = span.lowerBound
    } else if at[1] {
      offset = (span.lowerBound + span.upperBound) / 2 - length / 2
    } else if at[2] {
      offset = span.upperBound - length
    } else if span.lowerBound < current {
      offset = span.lowerBound
    } else if span.upperBound > current + length {
      offset = span.upperBound - length
    }
    return min(max(0, offset), max(0, content - length))
  }
}
