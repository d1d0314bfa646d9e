import Foundation
import ListCore

/// One extent of a compositional layout element, as `NSCollectionLayoutDimension`.
public enum CollectionLayoutDimension: Sendable, Hashable {
  /// A fraction of the containing group's width (for a section's group, of the section's width minus its
  /// content insets).
  case fractionalWidth(CGFloat)
  /// A fraction of the containing group's height (for a section's group, of the collection view's height
  /// minus the section's top and bottom content insets).
  case fractionalHeight(CGFloat)
  /// A length in points.
  case absolute(CGFloat)
  /// A length in points that a cell would correct by sizing itself.
  ///
  /// A headless cell has no content to size itself by: the estimate is the length used, and cells do not
  /// self-size.
  case estimated(CGFloat)

  /// The number the dimension holds: a fraction, or a length in points.
  public var dimension: CGFloat {
    switch self {
    case .fractionalWidth(let value), .fractionalHeight(let value), .absolute(let value), .estimated(let value):
      value
    }
  }

  /// Whether the dimension is a fraction of the container's width.
  public var isFractionalWidth: Bool {
    if case .fractionalWidth = self { true } else { false }
  }

  /// Whether the dimension is a fraction of the container's height.
  public var isFractionalHeight: Bool {
    if case .fractionalHeight = self { true } else { false }
  }

  /// Whether the dimension is a length in points.
  public var isAbsolute: Bool {
    if case .absolute = self { true } else { false }
  }

  /// Whether the dimension is an estimate.
  public var isEstimated: Bool {
    if case .estimated = self { true } else { false }
  }

  /// The length in points inside a container of a size; negative, infinite and NaN lengths count as 0.
  func length(in container: CGSize) -> CGFloat {
    switch self {
    case .fractionalWidth(let fraction): usable(fraction * container.width)
    case .fractionalHeight(let fraction): usable(fraction * container.height)
    case .absolute(let length), .estimated(let length): usable(length)
    }
  }
}

/// The width and height of a compositional layout element, as `NSCollectionLayoutSize`.
public struct CollectionLayoutSize: Sendable, Hashable {
  /// The element's width.
  public var widthDimension: CollectionLayoutDimension
  /// The element's height.
  public var heightDimension: CollectionLayoutDimension

  /// Creates a size from its two dimensions.
  public init(widthDimension: CollectionLayoutDimension, heightDimension: CollectionLayoutDimension) {
    self.widthDimension = widthDimension
    self.heightDimension = heightDimension
  }

  /// The size in points inside a container of a size.
  func resolved(in container: CGSize) -> CGSize {
    CGSize(width: widthDimension.length(in: container), height: heightDimension.length(in: container))
  }
}
