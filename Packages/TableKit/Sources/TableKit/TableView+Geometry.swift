import Foundation

extension TableView {
  /// How far the content is scrolled; only `y` matters.
  ///
  /// Setting it clamps the offset to the content and lays out cells.
  public var contentOffset: CGPoint {
    get { CGPoint(x: 0, y: offset) }
    set {
      loadIfNeeded()
      offset = newValue.y
      clampOffset()
      layoutCells()
    }
  }

  /// Scrolls; accepted for UIKit compatibility (a headless table view does not animate).
  public func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
    self.contentOffset = contentOffset
  }

  /// The size of everything the table shows: headers, rows and footers of every section.
  public var contentSize: CGSize {
    loadIfNeeded()
    return CGSize(width: frame.width, height: contentHeight)
  }

  /// Where a row is in the content, or `.null` for a row that does not exist.
  public func rectForRow(at indexPath: IndexPath) -> CGRect {
    guard contains(indexPath) else { return .null }
    return CGRect(
      x: 0, y: rowsTop(of: indexPath.section) + CGFloat(indexPath.row) * rowHeight, width: frame.width,
      height: rowHeight)
  }

  /// Scrolls so that the row is at `scrollPosition` (or just visible, for `.none`).
  public func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
    let rect = rectForRow(at: indexPath)
    guard !rect.isNull else { return }
    let height = frame.height
    switch scrollPosition {
    case .top: offset = rect.minY
    case .middle: offset = rect.midY - height / 2
    case .bottom: offset = rect.maxY - height
    case .none:
      if rect.minY < offset {
        offset = rect.minY
      } else if rect.maxY > offset + height {
        offset = rect.maxY - height
      }
    }
    clampOffset()
    layoutCells()
  }

  /// Scrolls so that the row is at `scrollPosition`.
  public func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition) {
    scrollToRow(at: indexPath, at: scrollPosition, animated: false)
  }

  /// The rows whose rectangles intersect the viewport, in order: O(log sections + visible rows).
  func visibleIndexPaths() -> [IndexPath] {
    rows(intersectingContentFrom: offset, to: offset + frame.height)
  }

  /// The rows whose rectangles intersect the band of content from `top` to `bottom`, in order.
  func rows(intersectingContentFrom top: CGFloat, to bottom: CGFloat) -> [IndexPath] {
    guard top.isFinite, bottom.isFinite, bottom > top, !rowCounts.isEmpty, rowHeight > 0, rowHeight.isFinite else {
      return []
    }
    var section = lastSection(startingAtOrBefore: top)
    var paths: [IndexPath] = []
    while section < rowCounts.count, sectionTops[section] < bottom {
      let rowsTop = rowsTop(of: section)
      let count = rowCounts[section]
      if count > 0 {
        // Clamp in floating point: a huge viewport or a tiny row height must not overflow Int.
        let first = Int(min(max(0, ((top - rowsTop) / rowHeight).rounded(.down)), CGFloat(count)))
        let last = Int(min(max(-1, ((bottom - rowsTop) / rowHeight).rounded(.up) - 1), CGFloat(count - 1)))
        if first <= last {
          for row in first...last { paths.append(IndexPath(row: row, section: section)) }
        }
      }
      section += 1
    }
    return paths
  }

  func computeGeometry() {
    var tops: [CGFloat] = []
    tops.reserveCapacity(rowCounts.count)
    var y: CGFloat = 0
    for section in rowCounts.indices {
      tops.append(y)
      y += headerHeight(of: section) + CGFloat(rowCounts[section]) * rowHeight + footerHeight(of: section)
    }
    sectionTops = tops
    contentHeight = y
    clampOffset()
  }

  func clampOffset() {
    let maximum = contentHeight.isFinite && frame.height.isFinite ? max(0, contentHeight - frame.height) : 0
    offset = offset.isFinite ? min(max(0, offset), maximum) : 0
  }

  func rowsTop(of section: Int) -> CGFloat {
    sectionTops[section] + headerHeight(of: section)
  }

  private func headerHeight(of section: Int) -> CGFloat {
    headerTitles[section] == nil ? 0 : sectionHeaderHeight
  }

  private func footerHeight(of section: Int) -> CGFloat {
    footerTitles[section] == nil ? 0 : sectionFooterHeight
  }

  /// The last section that starts at or before `y` (binary search).
  private func lastSection(startingAtOrBefore y: CGFloat) -> Int {
    var low = 0
    var high = sectionTops.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if sectionTops[middle] <= y { low = middle } else { high = middle - 1 }
    }
    return low
  }
}
