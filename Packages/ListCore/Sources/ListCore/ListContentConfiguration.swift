import Foundation

/// The content of a list row: a line of text, a secondary text and an image, as
/// `UIListContentConfiguration` is.
///
/// Start from a cell's `defaultContentConfiguration()` (or ``cell()``, ``subtitleCell()``, ``valueCell()``), set
/// what the row shows and assign it to the cell's `contentConfiguration`:
///
/// ```swift
/// var content = cell.defaultContentConfiguration()
/// content.text = item.title
/// content.secondaryText = item.detail
/// content.image = item.imageURL.map { .url($0) }
/// cell.contentConfiguration = content
/// ```
public struct ListContentConfiguration: ContentConfiguration, Hashable {
  /// Where the secondary text goes, as UIKit's configuration styles place it.
  public enum Style: Sendable, Hashable {
    /// The plain cell style: the secondary text, if any, under the text.
    case cell
    /// The secondary text under the text.
    case subtitleCell
    /// The secondary text on the trailing side, as a value or detail (`UIListContentConfiguration.valueCell()`).
    case valueCell
  }

  /// An image a row shows: one the app ships, by name, or one to load from a URL.
  public enum Image: Sendable, Hashable {
    /// An image the app ships, by name (`UIImage(named:)`, `UIImage(systemName:)`).
    case named(String)
    /// An image to load from a URL.
    case url(URL)
  }

  /// Where the secondary text goes.
  public var style: Style
  /// The main line.
  public var text: String?
  /// The secondary text: under the text, or on the trailing side in ``Style/valueCell``.
  public var secondaryText: String?
  /// The image, if any.
  public var image: Image?

  /// A configuration of a style with nothing to show yet.
  public init(style: Style = .cell, text: String? = nil, secondaryText: String? = nil, image: Image? = nil) {
    self.style = style
    self.text = text
    self.secondaryText = secondaryText
    self.image = image
  }

  /// The plain cell configuration.
  public static func cell() -> Self { Self(style: .cell) }

  /// A configuration with the secondary text under the text.
  public static func subtitleCell() -> Self { Self(style: .subtitleCell) }

  /// A configuration with the secondary text on the trailing side, as a value.
  public static func valueCell() -> Self { Self(style: .valueCell) }

  /// The text, the secondary text (after " — ", or " … " for a value on the trailing side) and the image,
  /// quoted so that empty and missing texts differ: `"Nina Simone" — "2.1M listeners" [image: https://…]`.
  public var summary: String {
    var line = text.map { "\"\($0)\"" } ?? "(no text)"
    if let secondaryText { line += (style == .valueCell ? " … " : " — ") + "\"\(secondaryText)\"" }
    switch image {
    case .named(let name): line += " [image: \(name)]"
    case .url(let url): line += " [image: \(url.absoluteString)]"
    case nil: break
    }
    return line
  }
}
