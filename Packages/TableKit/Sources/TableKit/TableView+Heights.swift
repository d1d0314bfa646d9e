import Foundation

extension TableView {
  /// The height a delegate answers to let the table view decide: ``TableView/rowHeight`` for a row, the
  /// section header or footer height for a section with a title (0 without), the table's estimate for an
  /// estimate.
  ///
  /// A headless table view cannot size cells by their content, so a row of automatic height has the
  /// table's ``TableView/rowHeight``.
  public static let automaticDimension: CGFloat = -1

  /// The height of a row that has no height of its own: ``rowHeight``, or 44 points when it is
  /// ``automaticDimension``.
  var resolvedRowHeight: CGFloat {
    rowHeight == Self.automaticDimension ? 44 : Self.sanitized(rowHeight)
  }

  /// The height a row is taken to have until its exact height is asked.
  var resolvedEstimatedRowHeight: CGFloat {
    estimatedRowHeight == Self.automaticDimension ? resolvedRowHeight : Self.sanitized(estimatedRowHeight)
  }

  var resolvedSectionHeaderHeight: CGFloat {
    sectionHeaderHeight == Self.automaticDimension ? 28 : Self.sanitized(sectionHeaderHeight)
  }

  var resolvedSectionFooterHeight: CGFloat {
    sectionFooterHeight == Self.automaticDimension ? 28 : Self.sanitized(sectionFooterHeight)
  }

  /// A height the table can lay out: negative, infinite and NaN heights count as 0.
  static func sanitized(_ height: CGFloat) -> CGFloat {
    height.isFinite && height > 0 ? height : 0
  }
}
