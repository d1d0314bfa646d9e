import Foundation
import ListCore

/// A supplementary view's place: its kind and index path.
struct SupplementaryKey: Hashable {
  var kind: String
  var indexPath: IndexPath
}

/// A supplementary view class's registration: its kind and reuse identifier.
struct ReuseKey: Hashable {
  var kind: String
  var identifier: String
}

extension CollectionView {
  /// Discards everything loaded and asks the data source again: counts and the visible cells and views.
  ///
  /// Clears the selection (a choice: UIKit's documentation is silent). Cells and views shown go to the reuse
  /// pool, each after `didEndDisplaying`.
  public func reloadData() {
    needsReload = true
    if isLayingOut {
      reloadRequestedDuringLayout = true
      return
    }
    loadModelIfNeeded()
    layoutCells()
  }

  /// Loads the data and lays the cells out, if either is out of date.
  func layoutIfNeeded() {
    loadModelIfNeeded()
    if needsCellLayout { layoutCells() }
  }

  /// Lays out again when the model is loaded.
  func layoutIfLoaded() {
    guard !needsReload else { return }
    layoutCells()
  }

  /// Brings the displayed cells and views in line with the bounds: those that left go to the reuse pool, those
  /// that entered are asked of the data source, in the layout's order.
  func layoutCells() {
    guard !isLayingOut else { return }
    isLayingOut = true
    defer {
      let cellsChangedSize = letCellsSizeThemselves()
      updatePrefetching()
      isLayingOut = false
      if reloadRequestedDuringLayout {
        reloadRequestedDuringLayout = false
        reloadData()
      } else if cellsChangedSize {
        layoutCells()
      }
    }
    let attributes = collectionViewLayout.layoutAttributesForElements(in: bounds) ?? []
    needsCellLayout = false
    var cellFrames: [IndexPath: CGRect] = [:]
    var viewFrames: [SupplementaryKey: CGRect] = [:]
    for element in attributes {
      if element.representedElementCategory == .cell {
        if contains(element.indexPath) { cellFrames[element.indexPath] = element.frame }
      } else if let kind = element.representedElementKind {
        viewFrames[SupplementaryKey(kind: kind, indexPath: element.indexPath)] = element.frame
      }
    }
    for (indexPath, cell) in displayedCells.sorted(by: { $0.key < $1.key }) {
      guard let frame = cellFrames[indexPath] else {
        displayedCells[indexPath] = nil
        endDisplaying(cell, at: indexPath)
        continue
      }
      cell.frame = frame
    }
    for (key, view) in displayedSupplementaryViews.sorted(by: { $0.key.indexPath < $1.key.indexPath }) {
      guard let frame = viewFrames[key] else {
        displayedSupplementaryViews[key] = nil
        endDisplaying(view, at: key)
        continue
      }
      view.frame = frame
    }
    guard dataSource != nil else { return }
    for element in attributes {
      if element.representedElementCategory == .cell {
        if let frame = cellFrames[element.indexPath], displayedCells[element.indexPath] == nil {
          displayCell(at: element.indexPath, frame: frame)
        }
      } else if let kind = element.representedElementKind {
        let key = SupplementaryKey(kind: kind, indexPath: element.indexPath)
        if displayedSupplementaryViews[key] == nil { displaySupplementaryView(at: key, frame: element.frame) }
      }
    }
  }

  private func displayCell(at indexPath: IndexPath, frame: CGRect) {
    guard let dataSource else { return }
    beginRequest()
    let cell = dataSource.collectionView(self, cellForItemAt: indexPath)
    guard let cell = endRequest(cell, orError: .cellNotDequeued(item: indexPath.item, section: indexPath.section))
    else { return }
    cell.frame = frame
    cell.setState(isSelected: selectedItems.contains(indexPath), isHighlighted: false, updating: true)
    displayedCells[indexPath] = cell
    delegate?.collectionView(self, willDisplay: cell, forItemAt: indexPath)
  }

  private func displaySupplementaryView(at key: SupplementaryKey, frame: CGRect) {
    guard let dataSource else { return }
    beginRequest()
    let view = dataSource.collectionView(self, viewForSupplementaryElementOfKind: key.kind, at: key.indexPath)
    let misuse = CollectionViewError.supplementaryViewNotDequeued(
      kind: key.kind, item: key.indexPath.item, section: key.indexPath.section)
    guard let view = endRequest(view, orError: misuse) else { return }
    view.frame = frame
    displayedSupplementaryViews[key] = view
    delegate?.collectionView(self, willDisplaySupplementaryView: view, forElementKind: key.kind, at: key.indexPath)
  }

  private func beginRequest() {
    dequeuedDuringRequest = []
    misuseDuringRequest = nil
    Self.cellRequestsInProgress += 1
  }

  /// The view the data source answered, if it came from a dequeue of this request; else nil, with the
  /// misuse recorded in ``CollectionView/lastDisplayError``.
  private func endRequest<View: CollectionReusableView>(_ view: View, orError notDequeued: CollectionViewError)
    -> View?
  {
    Self.cellRequestsInProgress -= 1
    let dequeued = dequeuedDuringRequest.contains(ObjectIdentifier(view))
    dequeuedDuringRequest = []
    if let misuse = misuseDuringRequest ?? (dequeued ? nil : notDequeued) {
      misuseDuringRequest = nil
      lastDisplayError = misuse
      if dequeued { recycle(view) }
      return nil
    }
    return view
  }

  func endDisplaying(_ cell: CollectionViewCell, at indexPath: IndexPath) {
    delegate?.collectionView(self, didEndDisplaying: cell, forItemAt: indexPath)
    recycle(cell)
  }

  func endDisplaying(_ view: CollectionReusableView, at key: SupplementaryKey) {
    delegate?.collectionView(
      self, didEndDisplayingSupplementaryView: view, forElementOfKind: key.kind, at: key.indexPath)
    recycle(view)
  }

  /// Ends the display of every cell and view, in index path order (when the data is reloaded).
  func endDisplayingEverything() {
    let cells = displayedCells.sorted { $0.key < $1.key }
    let views = displayedSupplementaryViews.sorted { $0.key.indexPath < $1.key.indexPath }
    displayedCells = [:]
    displayedSupplementaryViews = [:]
    for (indexPath, cell) in cells { endDisplaying(cell, at: indexPath) }
    for (key, view) in views { endDisplaying(view, at: key) }
  }

  /// Puts a cell or view the collection view created back in its reuse pool.
  private func recycle(_ view: CollectionReusableView) {
    guard let identifier = view.reuseIdentifier else { return }
    if let cell = view as? CollectionViewCell {
      reusableCells[identifier, default: []].append(cell)
    } else if let kind = view.elementKind {
      reusableSupplementaryViews[ReuseKey(kind: kind, identifier: identifier), default: []].append(view)
    }
  }

  /// The placeholder the data source's default gives for a supplementary view: never dequeued, so never shown.
  func missingSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> CollectionReusableView {
    CollectionReusableView(frame: .zero)
  }
}
