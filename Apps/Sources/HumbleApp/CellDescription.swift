import HumbleSupport
import Presentation

/// A row's cell model, field by field: the `cell` command's lines and its JSON object.
enum CellDescription {
  /// The fields in display order; values are text, numbers or Booleans.
  static func fields(of row: ArtistCellModelType) -> [(name: String, value: JSONValue)] {
    switch row {
    case .track(let track):
      var fields: [(String, JSONValue)] = [
        ("kind", .string("track")), ("id", .string(track.id.rawValue)), ("title", .string(track.title)),
        ("duration", .string(track.duration)), ("releaseDate", .string(track.releaseDate)),
        ("isExplicit", .bool(track.isExplicit)), ("isFavourited", .bool(track.isFavourited)),
        ("isDownloaded", .bool(track.isDownloaded)),
      ]
      if let progress = track.downloadProgressText { fields.append(("downloadProgress", .string(progress))) }
      if let failure = track.failureText { fields.append(("failure", .string(failure))) }
      // Like the progress and the failure, shown only when it applies: one row plays at most.
      if track.isPlaying { fields.append(("isPlaying", .bool(true))) }
      return fields
    case .playlist(let playlist):
      return [
        ("kind", .string("playlist")), ("id", .string("\(playlist.id)")), ("title", .string(playlist.title)),
        ("subtitle", .string(playlist.subtitle)), ("poster", .string(playlist.poster.absoluteString)),
      ]
    case .relatedArtist(let artist):
      return [
        ("kind", .string("related artist")), ("id", .string("\(artist.id)")), ("title", .string(artist.title)),
        ("detail", .string(artist.detail)), ("imageURL", .optional(artist.imageURL?.absoluteString)),
      ]
    }
  }

  /// `name: value` lines.
  static func lines(for row: ArtistCellModelType) -> [String] {
    fields(of: row).map { field in
      switch field.value {
      case .string(let text): "\(field.name): \(text)"
      case .bool(let flag): "\(field.name): \(flag)"
      case .null: "\(field.name): none"
      default: "\(field.name): \(field.value.jsonText)"
      }
    }
  }

  /// The fields as a JSON object.
  static func json(for row: ArtistCellModelType) -> JSONValue {
    .object(Dictionary(fields(of: row).map { ($0.name, $0.value) }, uniquingKeysWith: { $1 }))
  }
}
