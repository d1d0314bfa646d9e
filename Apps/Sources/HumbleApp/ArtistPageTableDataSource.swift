import Foundation
import Presentation
import TableKit

/// The artist screen's table data source: a diffable data source whose sections are the page's section kinds
/// and whose items are its rows' keys, as a modern UIKit screen subclasses `UITableViewDiffableDataSource`
/// for header titles and editing.
@MainActor
public final class ArtistPageTableDataSource: TableViewDiffableDataSource<ArtistTableSection.Kind, RowKey> {
  /// The section's kind's title: "Tracks", "Playlists" or "Related Artists".
  public override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
    sectionIdentifier(for: section)?.title
  }

  /// Only track rows have actions, and only the tracks section holds them.
  public override func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool {
    sectionIdentifier(for: indexPath.section) == .tracks
  }
}
