import Domain
import Presentation
import Services
import TableKit

// Commands that act on the catalog and on rows: listing artists, scrolling, and performing a row's action through
// the table as a swipe would; and the one-line error for a row that is not there.
extension Session {
  func listArtists(matching query: String?) async -> CommandOutput {
    do throws(MusicAPIError) {
      let artists: [Artist]
      if let query {
        artists = try await musicAPI.artists(matching: query)
      } else {
        artists = try await musicAPI.allArtists()
      }
      if artists.isEmpty { return .lines(["No artists match \(TerminalText.quoted(query ?? ""))."]) }
      var output = CommandOutput.lines(artists.map { "\($0.name) (\($0.id))" })
      output.document["artists"] = .array(
        artists.map { .object(["id": .string($0.id.rawValue), "name": .string($0.name)]) })
      return output
    } catch {
      return .failure(error)
    }
  }

  func scroll(_ screen: ArtistScreenController, to target: ScrollTarget) -> CommandOutput {
    let table = screen.table
    switch target {
    case .down: table.contentOffset.y += table.frame.height
    case .up: table.contentOffset.y -= table.frame.height
    case .top: table.contentOffset.y = 0
    case .bottom: table.contentOffset.y = table.contentSize.height
    case .row(let address):
      guard let indexPath = screen.indexPath(for: address) else { return .failure(noRow(address)) }
      table.scrollToRow(at: indexPath, at: .top)
    }
    return pageOutput()
  }

  /// Performs the first of `wanted` that the row offers, through the table as a swipe would; `name` is what
  /// the error says was asked for when the row offers none of them.
  func perform(_ wanted: [TrackAction], named name: String, at address: RowAddress) async -> CommandOutput {
    guard let screen, let indexPath = screen.indexPath(for: address) else { return .failure(noRow(address)) }
    let offered = screen.table.editActions(forRowAt: indexPath)
    guard let chosen = offered.first(where: { action in wanted.contains { $0.title == action.title } }) else {
      let titles = offered.compactMap(\.title)
      let list = titles.isEmpty ? "none" : titles.joined(separator: ", ")
      return .failure(
        "Row \(screen.number(of: indexPath)) does not offer \(TerminalText.quoted(name)) (it offers: \(list)).")
    }
    screen.table.handleEditAction(chosen, forRowAt: indexPath)
    await screen.finishPerformedActions()
    if let error = screen.takeActionErrors().first { return .failure(error) }
    return pageOutput()
  }

  func noRow(_ address: RowAddress) -> String {
    let count = screen?.rowCount ?? 0
    switch address {
    case .row(let row): return "There is no row \(row): the page has \(count) rows."
    case .sectionRow(let section, let row):
      return "There is no row \(section).\(row): the page has \(screen?.snapshot.sections.count ?? 0) sections."
    }
  }
}
