/// The state a cell's configuration is updated for, as `UICellConfigurationState`.
public struct CellConfigurationState: Sendable, Hashable {
  /// Whether the cell's item is selected.
  public var isSelected: Bool
  /// Whether the cell's item is highlighted (touched).
  public var isHighlighted: Bool

  /// Creates a state.
  public init(isSelected: Bool = false, isHighlighted: Bool = false) {
    self.isSelected = isSelected
    self.isHighlighted = isHighlighted
  }
}
