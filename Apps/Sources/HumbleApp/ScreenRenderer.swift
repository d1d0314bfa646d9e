import Domain
import Presentation
import TableKit

/// Draws the visible part of an artist screen as text.
///
/// Section headers, then one line per row with its number, markers and formatted fields. Cells only bind;
/// everything shown comes from their cell models.
@MainActor
public enum ScreenRenderer {
  /// The lines for the rows the table shows now.
  public static func lines(for screen: ArtistScreenController) -> [String] {
    let table = screen.table
    var lines: [String] = []
    var lastSection: Int?
    for indexPath in table.indexPathsForVisibleRows ?? [] {
      if indexPath.section != lastSection {
        lines.append("── \(table.headerTitle(forSection: indexPath.section) ?? "") ──")
        lastSection = indexPath.section
      }
      guard let cell = table.cellForRow(at: indexPath) as? RowCell, let model = cell.model else { continue }
      let number = screen.number(of: indexPath)
      let selected = cell.isSelected ? ">" : " "
      lines.append("\(selected)\(pad(number)) \(describe(model, playing: screen.nowPlaying))")
    }
    if lines.isEmpty { lines.append("(nothing to show)") }
    return lines
  }

  /// One row's text: markers, then the fields of its cell model.
  static func describe(_ model: ArtistCellModelType, playing: Track.ID?) -> String {
    switch model {
    case .track(let track):
      var markers = ""
      markers += track.id == playing ? "▶" : " "
      markers += track.isFavourited ? "♥" : " "
      switch track.downloadStatus {
      case .downloaded: markers += "⬇"
      case .downloading: markers += "…"
      case .failed: markers += "!"
      case .notDownloaded: markers += " "
      }
      markers += track.isExplicit ? "E" : " "
      var text = "\(markers) \(track.title) · \(track.duration) · \(track.releaseDate)"
      if let progress = track.downloadProgressText { text += " · \(progress)" }
      if let failure = track.failureText { text += " · \(failure)" }
      return text
    case .playlist(let playlist): return "     \(playlist.title) · \(playlist.subtitle)"
    case .relatedArtist(let artist): return "     \(artist.title) · \(artist.detail)"
    }
  }

  private static func pad(_ number: Int) -> String {
    let text = "\(number)"
    return String(repeating: " ", count: max(0, 4 - text.count)) + text
  }
}
