import Foundation
import ListCore

/// An item's view, as `UICollectionViewCell`: created by the collection view for a registered class and
/// reused as items scroll in and out of sight.
///
/// Its configuration is updated at once, not on a later layout pass as in UIKit: when ``isSelected`` or
/// ``isHighlighted`` change, when ``setNeedsUpdateConfiguration()`` is called, and when the cell is about to
/// be displayed. A test can read a configured cell right after the change.
@MainActor
open class CollectionViewCell: CollectionReusableView {
  /// Whether the cell shows its item as selected; the collection view keeps it in step with its selection.
  open var isSelected = false {
    didSet { stateDidChange(oldValue != isSelected) }
  }

  /// Whether the cell shows its item as highlighted (touched).
  open var isHighlighted = false {
    didSet { stateDidChange(oldValue != isHighlighted) }
  }

  /// What the cell shows, as `UIContentConfiguration` is: set whole, read by tests, text snapshots and renderers.
  public var contentConfiguration: (any ContentConfiguration)?

  /// Runs after ``updateConfiguration(using:)`` each time the cell's configuration is updated.
  public var configurationUpdateHandler: (@MainActor (CollectionViewCell, CellConfigurationState) -> Void)? {
    didSet { setNeedsUpdateConfiguration() }
  }

  /// How many times the configuration was updated (a test hook).
  package private(set) var configurationUpdates = 0
  private var holdsConfigurationUpdates = false

  /// Creates a cell; the collection view calls this for registered classes.
  public required init(frame: CGRect) {
    super.init(frame: frame)
  }

  /// The cell's current state.
  public var configurationState: CellConfigurationState {
    CellConfigurationState(isSelected: isSelected, isHighlighted: isHighlighted)
  }

  /// Updates the configuration for a state.
  ///
  /// Subclasses override it to restyle; call `super`.
  open func updateConfiguration(using state: CellConfigurationState) {}

  /// Updates the configuration now: ``updateConfiguration(using:)``, then ``configurationUpdateHandler``.
  public func setNeedsUpdateConfiguration() {
    guard !holdsConfigurationUpdates else { return }
    configurationUpdates += 1
    let state = configurationState
    updateConfiguration(using: state)
    configurationUpdateHandler?(self, state)
  }

  /// Clears selection and highlight (without a configuration update: the cell is updated when displayed
  /// again); call `super` when overriding.
  open override func prepareForReuse() {
    super.prepareForReuse()
    setState(isSelected: false, isHighlighted: false)
  }

  /// Sets both states with one configuration update at most, or none when `updating` is false.
  func setState(isSelected: Bool, isHighlighted: Bool, updating: Bool = false) {
    holdsConfigurationUpdates = true
    self.isSelected = isSelected
    self.isHighlighted = isHighlighted
    holdsConfigurationUpdates = false
    if updating { setNeedsUpdateConfiguration() }
  }

  private func stateDidChange(_ changed: Bool) {
    if changed { setNeedsUpdateConfiguration() }
  }
}
