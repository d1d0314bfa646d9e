import Presentation

/// A row's cell model, field by field, for the `cell` command.
enum CellDescription {
  static func lines(for row: ArtistCellModelType) -> [String] {
    switch row {
    case .track(let track):
      var lines = [
        "kind: track", "id: \(track.id)", "title: \(track.title)", "duration: \(track.duration)",
        "releaseDate: \(track.releaseDate)", "isExplicit: \(track.isExplicit)", "isFavourited: \(track.isFavourited)",
        "isDownloaded: \(track.isDownloaded)",
      ]
      if let progress = track.downloadProgressText { lines.append("downloadProgress: \(progress)") }
      if let failure = track.failureText { lines.append("failure: \(failure)") }
      return lines
    case .playlist(let playlist):
      return [
        "kind: playlist", "id: \(playlist.id)", "title: \(playlist.title)", "subtitle: \(playlist.subtitle)",
        "poster: \(playlist.poster.absoluteString)",
      ]
    case .relatedArtist(let artist):
      return [
        "kind: related artist", "id: \(artist.id)", "title: \(artist.title)", "detail: \(artist.detail)",
        "imageURL: \(artist.imageURL?.absoluteString ?? "none")",
      ]
    }
  }
}
