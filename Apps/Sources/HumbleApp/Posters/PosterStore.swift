import Presentation
import Services

/// The posters a grid shows by identifier and what its cells load with: what the cell provider binds a cell to.
@MainActor
final class PosterStore {
  var models: [PosterCellModel.ID: PosterCellModel] = [:]
  let loader: any ArtworkLoader
  let loadCount = ArtworkLoadCount()
  /// Whether the cells drop answers of earlier bindings (a test hook; see ``PosterCell/dropsLateAnswers``).
  var cellsDropLateAnswers = true
  var artworkChanged: ((PosterCell) -> Void)?

  init(loader: any ArtworkLoader) {
    self.loader = loader
  }

  /// Configures a cell for a poster.
  func bind(_ cell: PosterCell, to item: PosterCellModel.ID) {
    guard let model = models[item] else {
      cell.unbind()
      return
    }
    cell.dropsLateAnswers = cellsDropLateAnswers
    cell.loadCount = loadCount
    cell.onArtworkChange = { [weak self] cell in self?.artworkChanged?(cell) }
    cell.configure(with: model, loader: loader)
  }
}
