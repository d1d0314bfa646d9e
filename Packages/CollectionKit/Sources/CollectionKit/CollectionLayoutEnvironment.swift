import Foundation
import ListCore

/// What a section provider knows of where its section goes, as `NSCollectionLayoutEnvironment`.
public protocol CollectionLayoutEnvironment: Sendable {
  /// The collection view's size.
  var container: any CollectionLayoutContainer { get }
}

/// The size a layout fills, as `NSCollectionLayoutContainer`.
public protocol CollectionLayoutContainer: Sendable {
  /// The full size.
  var contentSize: CGSize { get }
  /// The size inside the insets.
  var effectiveContentSize: CGSize { get }
  /// The insets (a headless collection view has none).
  var contentInsets: DirectionalEdgeInsets { get }
  /// The insets in effect (a headless collection view has none).
  var effectiveContentInsets: DirectionalEdgeInsets { get }
}

/// The collection view's size, handed to section providers.
struct CompositionalLayoutContainer: CollectionLayoutContainer {
  var contentSize: CGSize
  var effectiveContentSize: CGSize { contentSize }
  var contentInsets: DirectionalEdgeInsets { .zero }
  var effectiveContentInsets: DirectionalEdgeInsets { .zero }
}

/// The environment handed to section providers.
struct CompositionalLayoutEnvironment: CollectionLayoutEnvironment {
  var container: any CollectionLayoutContainer
}
