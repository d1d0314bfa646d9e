import Foundation
import ListCore

extension CollectionViewFlowLayout {
  /// Lays the sections out: O(sections) when items share one size, O(items) when the delegate sizes them.
  func prepareSections() {
    sections = []
    contentLength = 0
    guard let collectionView else {
      crossLength = 0
      return
    }
    let axis = axis
    crossLength = axis.cross(collectionView.bounds.size)
    let counts = collectionView.itemCountsForLayout()
    let delegate = collectionView.delegate as? any CollectionViewDelegateFlowLayout
    let sizesFromDelegate = delegate.map { givesItemSizes($0, counts: counts) } ?? false
    let preferred = preferredSizesBySection(modelVersion: collectionView.mutationCount)
    let uniformSize = isEstimatingItemSizes && estimatedItemSize != Self.automaticSize ? estimatedItemSize : itemSize
    var position: CGFloat = 0
    sections.reserveCapacity(counts.count)
    for (section, count) in counts.enumerated() {
      let metrics = FlowSectionMetrics(section: section, layout: self, delegate: delegate)
      let headerLength = usable(axis.main(metrics.headerSize))
      let footerLength = usable(axis.main(metrics.footerSize))
      let insets = axis.insets(metrics.inset)
      let linesStart = position + headerLength + insets.mainLeading
      let available = max(0, crossLength - insets.crossLeading - insets.crossTrailing)
      let lines: FlowLines
      let linesLength: CGFloat
      if sizesFromDelegate || preferred[section] != nil {
        let preferredInSection = preferred[section] ?? [:]
        let measured = measureLines(
          section: section, count: count, metrics: metrics, linesStart: linesStart,
          crossLeading: insets.crossLeading, available: available
        ) { item in
          if let size = preferredInSection[item] { return size }
          guard sizesFromDelegate, let delegate else { return uniformSize }
          let indexPath = IndexPath(item: item, section: section)
          return delegate.collectionView(collectionView, layout: self, sizeForItemAt: indexPath)
        }
        lines = .measured(measured)
        linesLength = measured.lines.last.map { $0.start + $0.length - linesStart } ?? 0
      } else {
        let uniform = UniformFlowLines(
          itemCount: count, itemSize: (usable(axis.main(uniformSize)), usable(axis.cross(uniformSize))),
          lineSpacing: metrics.lineSpacing, interitemSpacing: metrics.interitemSpacing,
          crossLeading: insets.crossLeading, available: available)
        lines = .uniform(uniform)
        linesLength = uniform.length
      }
      let footerStart = linesStart + linesLength + insets.mainTrailing
      let built = FlowSection(
        start: position, headerLength: headerLength, linesStart: linesStart, footerStart: footerStart,
        footerLength: footerLength, lines: lines)
      sections.append(built)
      position = built.end
    }
    contentLength = position
  }

  /// Whether the delegate implements `sizeForItemAt`: its first item is asked, and the protocol's default
  /// says when it answered.
  private func givesItemSizes(_ delegate: any CollectionViewDelegateFlowLayout, counts: [Int]) -> Bool {
    guard let collectionView, let section = counts.firstIndex(where: { $0 > 0 }) else { return false }
    defaultItemSizeAnswered = false
    itemsMeasured += 1
    _ = delegate.collectionView(collectionView, layout: self, sizeForItemAt: IndexPath(item: 0, section: section))
    return !defaultItemSizeAnswered
  }

  /// Breaks a section's items into lines, measuring every item (the delegate's or a cell's size).
  private func measureLines(
    section: Int, count: Int, metrics: FlowSectionMetrics, linesStart: CGFloat, crossLeading: CGFloat,
    available: CGFloat, sizeOfItem: (Int) -> CGSize
  ) -> MeasuredFlowLines {
    let axis = axis
    var sizes: [(main: CGFloat, cross: CGFloat)] = []
    sizes.reserveCapacity(count)
    for item in 0..<count {
      let size = sizeOfItem(item)
      sizes.append((usable(axis.main(size)), usable(axis.cross(size))))
    }
    itemsMeasured += count
    var measured = MeasuredFlowLines()
    measured.frames.reserveCapacity(count)
    var lineStart = linesStart
    var first = 0
    while first < count {
      // As many items as fit, at least one.
      var end = first + 1
      var used = sizes[first].cross
      while end < count, used + metrics.interitemSpacing + sizes[end].cross <= available {
        used += metrics.interitemSpacing + sizes[end].cross
        end += 1
      }
      let items = first..<end
      let hasRoomForMore = end == count && used + metrics.interitemSpacing + sizes[end - 1].cross <= available
      let itemsLength = items.reduce(0) { $0 + sizes[$1].cross }
      let placement = FlowLinePlacement(
        count: items.count, itemsLength: itemsLength, available: available,
        minimumSpacing: metrics.interitemSpacing, hasRoomForMore: hasRoomForMore)
      let lineLength = items.map { sizes[$0].main }.max() ?? 0
      var cross = crossLeading + placement.start
      for item in items {
        // Items shorter than the line are centred on it.
        let main = lineStart + (lineLength - sizes[item].main) / 2
        measured.frames.append(
          axis.rect(main: main, cross: cross, mainLength: sizes[item].main, crossLength: sizes[item].cross))
        cross += sizes[item].cross + placement.spacing
      }
      measured.lines.append((lineStart, lineLength, items))
      lineStart += lineLength + metrics.lineSpacing
      first = end
    }
    return measured
  }
}

/// A section's insets, spacings and header and footer sizes, from the delegate or the layout.
@MainActor
struct FlowSectionMetrics {
  var inset: EdgeInsets
  var lineSpacing: CGFloat
  var interitemSpacing: CGFloat
  var headerSize: CGSize
  var footerSize: CGSize

  init(section: Int, layout: CollectionViewFlowLayout, delegate: (any CollectionViewDelegateFlowLayout)?) {
    guard let delegate, let collectionView = layout.collectionView else {
      inset = layout.sectionInset
      lineSpacing = usable(layout.minimumLineSpacing)
      interitemSpacing = usable(layout.minimumInteritemSpacing)
      headerSize = layout.headerReferenceSize
      footerSize = layout.footerReferenceSize
      return
    }
    inset = delegate.collectionView(collectionView, layout: layout, insetForSectionAt: section)
    lineSpacing = usable(
      delegate.collectionView(collectionView, layout: layout, minimumLineSpacingForSectionAt: section))
    interitemSpacing = usable(
      delegate.collectionView(collectionView, layout: layout, minimumInteritemSpacingForSectionAt: section))
    headerSize = delegate.collectionView(collectionView, layout: layout, referenceSizeForHeaderInSection: section)
    footerSize = delegate.collectionView(collectionView, layout: layout, referenceSizeForFooterInSection: section)
  }
}

/// A length a layout can use: negative, infinite and NaN lengths count as 0.
func usable(_ length: CGFloat) -> CGFloat {
  length.isFinite && length > 0 ? length : 0
}
