import HumbleSupport
import Presentation

/// A poster, field by field: the `cell` command's lines and JSON object on a grid, and each poster of a grid page's
/// JSON document.
enum PosterDescription {
  /// Where a poster's artwork stands, as the `cell` command says it: `loading`, `shown 256×256`,
  /// `failed: <reason>`, `none` (the poster has no artwork URL) or `off screen` (it has one, and no displayed cell
  /// asks for it).
  static func words(for state: PosterArtworkState?) -> String {
    switch state {
    case .placeholder: "none"
    case .loading: "loading"
    case .shown(_, let artwork): "shown \(artwork.width)×\(artwork.height)"
    case .failed(_, let reason): "failed: \(reason)"
    case nil: "off screen"
    }
  }

  /// The artwork's state as JSON: `state` (`loading`, `shown`, `failed`, `none` or `offScreen`), with `width` and
  /// `height` when shown and `reason` when failed.
  static func json(for state: PosterArtworkState?) -> JSONValue {
    switch state {
    case .placeholder: .object(["state": .string("none")])
    case .loading: .object(["state": .string("loading")])
    case .shown(_, let artwork):
      .object(["state": .string("shown"), "width": .int(artwork.width), "height": .int(artwork.height)])
    case .failed(_, let reason): .object(["state": .string("failed"), "reason": .string(reason)])
    case nil: .object(["state": .string("offScreen")])
    }
  }

  /// `name: value` lines: the poster's number, kind and identifier, title, subtitle, artwork URL (`none` when it
  /// has none) and artwork state (`state` is nil when the poster is not displayed).
  static func lines(for model: PosterCellModel, number: Int, state: PosterArtworkState?) -> [String] {
    [
      "poster: \(number)", "kind: \(kind(of: model))", "id: \(identifier(of: model))", "title: \(model.title)",
      "subtitle: \(model.subtitle)", "artworkURL: \(model.artworkURL?.absoluteString ?? "none")",
      "artwork: \(words(for: state))",
    ]
  }

  /// The same fields as a JSON object (`number` aside: a poster of a page says it beside its cell).
  static func json(for model: PosterCellModel, state: PosterArtworkState?) -> JSONValue {
    .object([
      "kind": .string(kind(of: model)), "id": .string(identifier(of: model)), "title": .string(model.title),
      "subtitle": .string(model.subtitle), "artworkURL": .optional(model.artworkURL?.absoluteString),
      "artwork": json(for: state),
    ])
  }

  private static func kind(of model: PosterCellModel) -> String {
    switch model.id {
    case .playlist: "playlist"
    case .release: "release"
    }
  }

  /// The identifier the catalog knows it by: a playlist's, or a release's artist and year ("oasis/1995").
  private static func identifier(of model: PosterCellModel) -> String {
    switch model.id {
    case .playlist(let id): id.rawValue
    case .release(let id): id.description
    }
  }
}
