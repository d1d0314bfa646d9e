import Foundation

extension CollectionView {
  /// Called once the counts are loaded.
  func modelDidLoad() {}

  /// Lays out again when the model is loaded.
  func layoutIfLoaded() {}

  /// The placeholder the data source's default gives for a supplementary view.
  func missingSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> CollectionReusableView {
    CollectionReusableView(frame: .zero)
  }
}
