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
  ///
  /// Asks the delegate for the row's exact height if it has not yet (rows above it keep their estimates).
  public func rectForRow(at indexPath: IndexPath) -> CGRect {
    guard contains(indexPath) else { return .null }
    measureRows([indexPath])
    return CGRect(
      x: 0, y: rowsTop(of: indexPath.section) + rowHeights[indexPath.section].top(ofRow: indexPath.row),
      width: frame.width, height: rowHeights[indexPath.section].height(ofRow: indexPath.row))
  }

  /// Where a section is in the content (its header, rows and footer), or `.null` for a section that does
  /// not exist.
  public func rect(forSection section: Int) -> CGRect {
    loadIfNeeded()
    guard rowCounts.indices.contains(section) else { return .null }
    return CGRect(x: 0, y: sectionTops[section], width: frame.width, height: sectionHeight(section))
  }

  /// Where a section's header is in the content (0 points high without one), or `.null` for a section that
  /// does not exist.
  public func rectForHeader(inSection section: Int) -> CGRect {
    loadIfNeeded()
    guard rowCounts.indices.contains(section) else { return .null }
    return CGRect(x: 0, y: sectionTops[section], width: frame.width, height: headerHeights[section])
  }

  /// Where a section's footer is in the content (0 points high without one), or `.null` for a section that
  /// does not exist.
  public func rectForFooter(inSection section: Int) -> CGRect {
    loadIfNeeded()
    guard rowCounts.indices.contains(section) else { return .null }
    let height = footerHeights[section]
    return CGRect(
      x: 0, y: sectionTops[section] + sectionHeight(section) - height, width: frame.width, height: height)
  }

  /// Scrolls so that the row is at `scrollPosition` (or just visible, for `.none`).
  ///
  /// Rows that come into view are measured as they are laid out, which can move the row again when their
  /// estimates were wrong: the table scrolls again until the row is where it was asked to be.
  public func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
    // Each pass that moves the row measured at least one more row; the cap stops a delegate that reloads
    // the table (forgetting the heights) on every layout.
    for _ in 0..<64 {
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
      // Rows measured above it in the viewport moved it: scroll again.
      guard rectForRow(at: indexPath) != rect else { return }
    }
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
  ///
  /// Rows of height 0 are never among them. O(log sections + log rows + rows found).
  func rows(intersectingContentFrom top: CGFloat, to bottom: CGFloat) -> [IndexPath] {
    guard top.isFinite, bottom.isFinite, bottom > top, !rowCounts.isEmpty else { return [] }
    var section = lastSection(startingAtOrBefore: top)
    var paths: [IndexPath] = []
    while section < rowCounts.count, sectionTops[section] < bottom {
      let heights = rowHeights[section]
      let rowsTop = rowsTop(of: section)
      var row = heights.rowsEnding(atOrAbove: top - rowsTop)
      var y = rowsTop + heights.top(ofRow: row)
      while row < heights.count, y < bottom {
        let height = heights.height(ofRow: row)
        if height > 0 { paths.append(IndexPath(row: row, section: section)) }
        y += height
        row += 1
      }
      section += 1
    }
    return paths
  }

  /// Loads the heights of headers, footers and rows and lays the sections out (after a load or an update).
  ///
  /// Header and footer heights are asked for every section. Row heights: with estimates on (the default),
  /// each row's estimate is asked, and exact heights later, as rows are laid out; with
  /// ``estimatedRowHeight`` 0, each row's exact height is asked now. A method the delegate does not
  /// implement is asked once, to learn so (see `askDelegate(_:_:)`), and the table's heights are used.
  func computeGeometry() {
    let sections = rowCounts.count
    headerHeights = (0..<sections).map { section in
      let asked =
        askDelegate(.headerHeight) { $0.tableView(self, heightForHeaderInSection: section) } ?? Self.automaticDimension
      if asked == Self.automaticDimension { return headerTitles[section] == nil ? 0 : resolvedSectionHeaderHeight }
      return Self.sanitized(asked)
    }
    footerHeights = (0..<sections).map { section in
      let asked =
        askDelegate(.footerHeight) { $0.tableView(self, heightForFooterInSection: section) } ?? Self.automaticDimension
      if asked == Self.automaticDimension { return footerTitles[section] == nil ? 0 : resolvedSectionFooterHeight }
      return Self.sanitized(asked)
    }
    rowHeights = (0..<sections).map(loadRowHeights(inSection:))
    sectionTops = []
    sectionTops.reserveCapacity(sections)
    recomputeSectionTops(from: 0)
    clampOffset()
  }

  private func loadRowHeights(inSection section: Int) -> SectionRowHeights {
    let count = rowCounts[section]
    let exactly = estimatedRowHeight == 0
    let uniform = exactly ? resolvedRowHeight : resolvedEstimatedRowHeight
    // The first row's question tells whether the delegate implements the method; when it does not, no row
    // is asked (UIKit asks only a delegate that responds to the selector).
    let first = IndexPath(row: 0, section: section)
    guard count > 0,
      let firstAnswer = exactly
        ? askDelegate(.rowHeight, { $0.tableView(self, heightForRowAt: first) })
        : askDelegate(.estimatedRowHeight, { $0.tableView(self, estimatedHeightForRowAt: first) }),
      let delegate
    else {
      var heights = SectionRowHeights(count: count, uniform: uniform)
      if exactly { heights.markAllMeasured() }
      return heights
    }
    var heights: [CGFloat] = []
    for row in 0..<count {
      let path = IndexPath(row: row, section: section)
      let asked =
        row == 0
        ? firstAnswer
        : exactly
          ? delegate.tableView(self, heightForRowAt: path) : delegate.tableView(self, estimatedHeightForRowAt: path)
      let height = asked == Self.automaticDimension ? uniform : Self.sanitized(asked)
      if heights.isEmpty, height != uniform {
        heights = Array(repeating: uniform, count: count)
      }
      if !heights.isEmpty { heights[row] = height }
    }
    var result =
      heights.isEmpty
      ? SectionRowHeights(count: count, uniform: uniform) : SectionRowHeights(heights: heights, uniform: uniform)
    if exactly { result.markAllMeasured() }
    return result
  }

  /// Asks the delegate for the exact heights of the rows not measured since the last load; true if any
  /// height changed.
  ///
  /// A row that starts above the viewport moves the content offset by as much as its height changed, so
  /// that what is on screen stays where it is.
  @discardableResult
  func measureRows(_ indexPaths: [IndexPath]) -> Bool {
    var changed = false
    for path in indexPaths where !rowHeights[path.section].isMeasured(path.row) {
      rowHeights[path.section].markMeasured(path.row)
      let asked = askDelegate(.rowHeight) { $0.tableView(self, heightForRowAt: path) } ?? Self.automaticDimension
      let height = asked == Self.automaticDimension ? resolvedRowHeight : Self.sanitized(asked)
      let old = rowHeights[path.section].height(ofRow: path.row)
      guard height != old else { continue }
      let startsAbove = rowsTop(of: path.section) + rowHeights[path.section].top(ofRow: path.row) < offset
      rowHeights[path.section].setHeight(height, ofRow: path.row)
      if startsAbove { offset += height - old }
      recomputeSectionTops(from: path.section)
      changed = true
    }
    return changed
  }

  /// The visible rows once their exact heights are known.
  ///
  /// Rows are measured top to bottom, one at a time, and the visible rows found again after each height
  /// that changed: a row pushed out of the viewport by the rows above it is not asked its height.
  func measuredVisibleIndexPaths() -> [IndexPath] {
    var visible = visibleIndexPaths()
    var start = 0
    while let index = visible[start...].firstIndex(where: { !rowHeights[$0.section].isMeasured($0.row) }) {
      if measureRows([visible[index]]) {
        clampOffset()
        visible = visibleIndexPaths()
        start = 0
      } else {
        start = index + 1
      }
    }
    return visible
  }

  private func recomputeSectionTops(from first: Int) {
    var y = first == 0 ? 0 : sectionTops[first - 1] + sectionHeight(first - 1)
    for section in first..<rowCounts.count {
      if section < sectionTops.count { sectionTops[section] = y } else { sectionTops.append(y) }
      y += sectionHeight(section)
    }
    contentHeight = y
  }

  private func sectionHeight(_ section: Int) -> CGFloat {
    headerHeights[section] + rowHeights[section].total + footerHeights[section]
  }

  func clampOffset() {
    let maximum = contentHeight.isFinite && frame.height.isFinite ? max(0, contentHeight - frame.height) : 0
    offset = offset.isFinite ? min(max(0, offset), maximum) : 0
  }

  func rowsTop(of section: Int) -> CGFloat {
    sectionTops[section] + headerHeights[section]
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
