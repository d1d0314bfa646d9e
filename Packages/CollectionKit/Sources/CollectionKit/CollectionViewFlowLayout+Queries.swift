import Foundation
import ListCore

extension CollectionViewFlowLayout {
  /// The headers, cells and footers whose frames overlap `rect`, section by section, each section's header
  /// first and footer last.
  ///
  /// Costs O(log sections + what it returns) for grids whose items share one size.
  func elements(in rect: CGRect) -> [CollectionViewLayoutAttributes] {
    prepareIfNeeded()
    let (lower, upper) = axis.mainRange(rect)
    var attributes: [CollectionViewLayoutAttributes] = []
    var section = sections.firstSection(endingAfter: lower)
    while section < sections.count, sections[section].start < upper {
      let built = sections[section]
      if let header = supplementary(CollectionView.elementKindSectionHeader, in: section), header.frame.overlaps(rect) {
        attributes.append(header)
      }
      for item in items(of: built, near: lower, upper) {
        itemsExamined += 1
        let frame = frame(ofItem: item, in: built)
        guard frame.overlaps(rect) else { continue }
        let cell = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: section))
        cell.frame = frame
        attributes.append(cell)
      }
      if let footer = supplementary(CollectionView.elementKindSectionFooter, in: section), footer.frame.overlaps(rect) {
        attributes.append(footer)
      }
      section += 1
    }
    return attributes
  }

  /// The attributes of an item's cell in O(1) (O(log sections) at most), or nil for an item that does not exist.
  func item(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
    prepareIfNeeded()
    guard indexPath.count == 2, sections.indices.contains(indexPath.section) else { return nil }
    let section = sections[indexPath.section]
    guard indexPath.item >= 0, indexPath.item < section.lines.itemCount else { return nil }
    itemsExamined += 1
    let attributes = CollectionViewLayoutAttributes(forCellWith: indexPath)
    attributes.frame = frame(ofItem: indexPath.item, in: section)
    return attributes
  }

  /// The attributes of a section's header or footer (index path: the section and item 0), or nil when the
  /// section has none.
  func supplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
    prepareIfNeeded()
    guard indexPath.count == 2, indexPath.item == 0 else { return nil }
    return supplementary(elementKind, in: indexPath.section)
  }

  private func supplementary(_ kind: String, in section: Int) -> CollectionViewLayoutAttributes? {
    guard sections.indices.contains(section) else { return nil }
    let built = sections[section]
    let start: CGFloat
    let length: CGFloat
    switch kind {
    case CollectionView.elementKindSectionHeader: (start, length) = (headerStart(of: built), built.headerLength)
    case CollectionView.elementKindSectionFooter: (start, length) = (footerStart(of: built), built.footerLength)
    default: return nil
    }
    guard length > 0 else { return nil }
    let attributes = CollectionViewLayoutAttributes(
      forSupplementaryViewOfKind: kind, with: IndexPath(item: 0, section: section))
    attributes.frame = axis.rect(main: start, cross: 0, mainLength: length, crossLength: crossLength)
    return attributes
  }

  private func items(of section: FlowSection, near lower: CGFloat, _ upper: CGFloat) -> Range<Int> {
    switch section.lines {
    case .uniform(let lines): lines.items(near: lower - section.linesStart, upper - section.linesStart)
    case .measured(let lines): lines.items(near: lower, upper)
    }
  }

  private func frame(ofItem item: Int, in section: FlowSection) -> CGRect {
    switch section.lines {
    case .uniform(let lines):
      let origin = lines.origin(ofItem: item)
      return axis.rect(
        main: section.linesStart + origin.main, cross: origin.cross, mainLength: lines.itemMain,
        crossLength: lines.itemCross)
    case .measured(let lines):
      return lines.frames[item]
    }
  }
}
