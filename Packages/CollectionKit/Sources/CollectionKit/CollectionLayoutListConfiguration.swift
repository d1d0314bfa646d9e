import Foundation
import ListCore

/// How a list layout looks, as `UICollectionLayoutListConfiguration`.
///
/// The numbers are this package's choices (UIKit's depend on the platform and the text size): rows are 44
/// points high; a supplementary header or footer is 32 points high; the grouped appearances put 16 points above
/// and below each section's rows, and `.insetGrouped` 20 points at each side.
public struct CollectionLayoutListConfiguration: Sendable, Hashable {
  /// The look of a list.
  public enum Appearance: Sendable, Hashable {
    /// Rows edge to edge, sections one after another.
    case plain
    /// Rows edge to edge, sections apart.
    case grouped
    /// Rows inset from the sides, sections apart.
    case insetGrouped
    /// A sidebar: laid out as `.grouped`.
    case sidebar
    /// A plain sidebar: laid out as `.plain`.
    case sidebarPlain
  }

  /// What heads each section.
  public enum HeaderMode: Sendable, Hashable {
    /// Nothing.
    case none
    /// A supplementary view of kind ``CollectionView/elementKindSectionHeader``.
    case supplementary
    /// The section's first item, laid out as any row.
    case firstItemInSection
  }

  /// What ends each section.
  public enum FooterMode: Sendable, Hashable {
    /// Nothing.
    case none
    /// A supplementary view of kind ``CollectionView/elementKindSectionFooter``.
    case supplementary
  }

  /// A row's height, in points (our choice).
  public static let rowHeight: CGFloat = 44
  /// A supplementary header's or footer's height, in points (our choice).
  public static let supplementaryHeight: CGFloat = 32
  /// The room above and below a grouped section's rows, in points (our choice).
  public static let groupedSectionSpacing: CGFloat = 16
  /// The room at each side of an inset grouped section, in points (our choice).
  public static let insetGroupedSideInset: CGFloat = 20

  /// The list's look.
  public var appearance: Appearance
  /// What heads each section; `.none` by default.
  public var headerMode = HeaderMode.none
  /// What ends each section; `.none` by default.
  public var footerMode = FooterMode.none
  /// Whether rows show separators; true by default.
  ///
  /// A headless row draws nothing, so it changes no frame.
  public var showsSeparators = true

  /// Creates a configuration of an appearance.
  public init(appearance: Appearance) {
    self.appearance = appearance
  }

  /// A section's content insets for the appearance.
  var sectionInsets: DirectionalEdgeInsets {
    switch appearance {
    case .plain, .sidebarPlain: .zero
    case .grouped, .sidebar:
      DirectionalEdgeInsets(
        top: Self.groupedSectionSpacing, leading: 0, bottom: Self.groupedSectionSpacing, trailing: 0)
    case .insetGrouped:
      DirectionalEdgeInsets(
        top: Self.groupedSectionSpacing, leading: Self.insetGroupedSideInset, bottom: Self.groupedSectionSpacing,
        trailing: Self.insetGroupedSideInset)
    }
  }
}

extension CollectionLayoutSection {
  /// A section of a list: rows one above the other, the full width between the appearance's insets, with the
  /// configuration's header and footer.
  @MainActor
  public static func list(
    using configuration: CollectionLayoutListConfiguration, layoutEnvironment: any CollectionLayoutEnvironment
  ) -> CollectionLayoutSection {
    let rowSize = CollectionLayoutSize(
      widthDimension: .fractionalWidth(1), heightDimension: .estimated(CollectionLayoutListConfiguration.rowHeight))
    let row = CollectionLayoutItem(layoutSize: rowSize)
    let section = CollectionLayoutSection(group: .horizontal(layoutSize: rowSize, subitems: [row]))
    section.contentInsets = configuration.sectionInsets
    let boundarySize = CollectionLayoutSize(
      widthDimension: .fractionalWidth(1),
      heightDimension: .estimated(CollectionLayoutListConfiguration.supplementaryHeight))
    if configuration.headerMode == .supplementary {
      section.boundarySupplementaryItems.append(
        CollectionLayoutBoundarySupplementaryItem(
          layoutSize: boundarySize, elementKind: CollectionView.elementKindSectionHeader, alignment: .top))
    }
    if configuration.footerMode == .supplementary {
      section.boundarySupplementaryItems.append(
        CollectionLayoutBoundarySupplementaryItem(
          layoutSize: boundarySize, elementKind: CollectionView.elementKindSectionFooter, alignment: .bottom))
    }
    return section
  }
}

extension CollectionViewCompositionalLayout {
  /// A layout whose every section is a list section of a configuration.
  public static func list(using configuration: CollectionLayoutListConfiguration) -> CollectionViewCompositionalLayout {
    CollectionViewCompositionalLayout { _, environment in
      CollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
    }
  }
}
