/// Draws the visible part of a poster grid as text.
///
/// A stand-in until the renderer that draws the artwork arrives: one line per displayed poster, its number (as
/// `select` takes it) and its title.
@MainActor
public enum PosterGridRenderer {
  /// The lines for the posters the grid shows now.
  public static func lines(for grid: PosterGridController, options: RenderOptions = RenderOptions()) -> [String] {
    let lines = grid.visibleIndexes.compactMap { index in
      grid.cell(at: index)?.model.map { "\(index + 1) \($0.title)" }
    }
    return lines.isEmpty ? ["(nothing to show)"] : lines
  }
}
