import Foundation
import ListCore

/// Distances inward from each edge of a rectangle, named by reading direction, as `NSDirectionalEdgeInsets`.
///
/// The layout reads left to right: leading is left and trailing is right.
public struct DirectionalEdgeInsets: Sendable, Hashable {
  /// Insets of zero on every edge.
  public static let zero = DirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)

  /// The inset from the top edge.
  public var top: CGFloat
  /// The inset from the leading (left) edge.
  public var leading: CGFloat
  /// The inset from the bottom edge.
  public var bottom: CGFloat
  /// The inset from the trailing (right) edge.
  public var trailing: CGFloat

  /// Creates insets from the four edges' distances.
  public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }
}

extension CGRect {
  /// The rectangle shrunk by insets on each edge (never to a negative size).
  func inset(by insets: DirectionalEdgeInsets) -> CGRect {
    CGRect(
      x: minX + insets.leading, y: minY + insets.top,
      width: max(0, width - insets.leading - insets.trailing), height: max(0, height - insets.top - insets.bottom))
  }
}

extension CGSize {
  /// The size shrunk by insets on each edge (never below zero).
  func inset(by insets: DirectionalEdgeInsets) -> CGSize {
    CGSize(
      width: max(0, width - insets.leading - insets.trailing), height: max(0, height - insets.top - insets.bottom))
  }
}
