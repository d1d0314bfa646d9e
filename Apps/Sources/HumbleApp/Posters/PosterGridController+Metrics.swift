extension PosterGridController {
  /// The size of a poster and the space between posters, in terminal cells.
  public struct Metrics: Hashable, Sendable {
    /// A poster's width, in columns.
    public let posterWidth: Int
    /// A poster's height, in lines: its artwork, title and subtitle.
    public let posterHeight: Int
    /// The least space between two posters of a line, in columns.
    public let spacing: Int
    /// The space between two lines of posters, in lines.
    public let lineSpacing: Int

    /// Metrics; by default 20 × 12 posters, at least 2 columns apart, lines 1 apart.
    public init(posterWidth: Int = 20, posterHeight: Int = 12, spacing: Int = 2, lineSpacing: Int = 1) {
      self.posterWidth = max(1, posterWidth)
      self.posterHeight = max(1, posterHeight)
      self.spacing = max(0, spacing)
      self.lineSpacing = max(0, lineSpacing)
    }

    /// How many posters a line of `width` columns holds (at least one).
    public func columns(forWidth width: Int) -> Int {
      max(1, (width + spacing) / (posterWidth + spacing))
    }
  }
}
