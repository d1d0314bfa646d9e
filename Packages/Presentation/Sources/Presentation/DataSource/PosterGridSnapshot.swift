/// What a grid of posters shows at one revision: its posters in order and where it stands.
public struct PosterGridSnapshot: Hashable, Sendable {
  /// Every poster, in the grid's order.
  public var cellModels: [PosterCellModel]
  /// Whether the grid is loading, loaded or failed.
  public var state: PosterGridDataSource.State
  /// Which of its data source's publications this snapshot is: a later snapshot has a greater revision.
  public var revision: Int

  /// A snapshot.
  public init(cellModels: [PosterCellModel], state: PosterGridDataSource.State, revision: Int = 0) {
    self.cellModels = cellModels
    self.state = state
    self.revision = revision
  }
}
