import CollectionKit
import Foundation

// The grid's viewport in lines of posters: where a poster's line is, which line is at the top, and scrolling so
// that a line is. Offsets stay on a line's top edge, so a scrolled grid never starts half-way down a poster.
extension PosterGridController {
  /// How many posters the grid shows, in all.
  public var posterCount: Int {
    collectionView.numberOfItems(inSection: 0)
  }

  /// How many lines of posters the grid has.
  public var lineCount: Int {
    (posterCount + columns - 1) / columns
  }

  /// How many whole lines of posters the viewport holds; at least one, even when the viewport is lower than a
  /// poster.
  public var linesPerScreen: Int {
    let pitch = metrics.posterHeight + metrics.lineSpacing
    return max(1, (Int(collectionView.frame.height) + metrics.lineSpacing) / pitch)
  }

  /// The line of posters at the top of the viewport (the first line is 0).
  public var topLine: Int {
    let pitch = metrics.posterHeight + metrics.lineSpacing
    return max(0, Int(collectionView.contentOffset.y) / pitch)
  }

  /// The last line that can be at the top of the viewport: the one that leaves the last line of posters in view.
  public var lastTopLine: Int {
    max(0, lineCount - linesPerScreen)
  }

  /// The line of posters that holds the poster at `index`.
  public func line(ofPosterAt index: Int) -> Int {
    index / columns
  }

  /// Scrolls so that `line` is at the top of the viewport, kept between the first line and ``lastTopLine``.
  public func scroll(toLine line: Int) {
    let line = min(max(0, line), lastTopLine)
    let pitch = metrics.posterHeight + metrics.lineSpacing
    collectionView.contentOffset = CGPoint(x: 0, y: line * pitch)
  }
}
