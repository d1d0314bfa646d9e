import Foundation
import TableKit
import TableKitTesting
import Testing

/// A cell that describes itself for text snapshots.
final class TrackRowCell: TableViewCell, TextSnapshotDescribable {
  var title = ""
  var duration = ""

  var textSnapshotDescription: String { "♪ \(title) (\(duration))" }
}

/// Rows of tracks bound to ``TrackRowCell``s.
@MainActor
final class TrackRowsDataSource: TableViewDataSource {
  let titles: [String]

  init(_ titles: [String]) {
    self.titles = titles
  }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { titles.count }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "track", for: indexPath)
    (cell as? TrackRowCell)?.title = titles[indexPath.row]
    (cell as? TrackRowCell)?.duration = "3:0\(indexPath.row)"
    return cell
  }
}

@MainActor
@Suite struct TextSnapshotTests {
  @Test func sectionsShowTheirTitlesTheirVisibleRowsAndTheRowsOutOfSight() {
    let dataSource = RowsDataSource([(0..<3).map { "a\($0)" }, (0..<20).map { "b\($0)" }, ["c0"]])
    dataSource.headers = ["Pinned", "Tracks", nil]
    dataSource.footers = [nil, "20 tracks", nil]
    let (table, _) = makeTable(dataSource, rowsInViewport: 5)
    #expect(
      table.textSnapshot() == """
        TableView 320 × 220, offset 0 of 1140
        Section 0 "Pinned"
          0.0 LabelCell
          0.1 LabelCell
          0.2 LabelCell
        Section 1 "Tracks"
          1.0 LabelCell
          … rows 1–19 below
        Section 1 footer "20 tracks"
        """)
    table.scrollToRow(at: .row(10, 1), at: .top)
    #expect(
      table.textSnapshot() == """
        TableView 320 × 220, offset 628 of 1140
        Section 1 "Tracks"
          … rows 0–9 above
          1.10 LabelCell
          1.11 LabelCell
          1.12 LabelCell
          1.13 LabelCell
          1.14 LabelCell
          … rows 15–19 below
        Section 1 footer "20 tracks"
        """)
  }

  @Test func rowsShowTheirContentConfigurationSelectionAndHighlight() throws {
    let dataSource = BasicItemsDataSource([
      BasicItem(title: "Nina Simone", detail: "2.1M listeners", imageURL: URL(string: "https://img.example/nina.jpg")),
      BasicItem(title: "Miles Davis", detail: "1.8M listeners", imageURL: nil),
    ])
    let table = TableView(rowsInViewport: 3)
    table.register(TableViewCell.self, forCellReuseIdentifier: "basic")
    table.dataSource = dataSource
    let spy = SpyDelegate()
    table.delegate = spy
    try table.selectRow(at: .row(0))
    var duringTap = ""
    spy.willSelect = { path in
      duringTap = table.textSnapshot()
      return path
    }
    table.allowsMultipleSelection = true
    try table.selectRow(at: .row(1))
    #expect(
      duringTap == """
        TableView 320 × 132, offset 0 of 88
        Section 0
          0.0 "Nina Simone" — "2.1M listeners" [image: https://img.example/nina.jpg] · selected
          0.1 "Miles Davis" — "1.8M listeners" · highlighted
        """)
    #expect(
      table.textSnapshot() == """
        TableView 320 × 132, offset 0 of 88
        Section 0
          0.0 "Nina Simone" — "2.1M listeners" [image: https://img.example/nina.jpg] · selected
          0.1 "Miles Davis" — "1.8M listeners" · selected
        """)
  }

  @Test func inEditingModeRowsShowTheirEditingAndReorderControls() {
    let dataSource = EditableDataSource([["a", "b", "c"]])
    dataSource.movableRows = { $0.row != 2 }
    let delegate = EditingStyleDelegate()
    delegate.editingStyle = { [.delete, .insert, .none][$0.row] }
    let table = TableView(rowsInViewport: 3)
    table.register(LabelCell.self, forCellReuseIdentifier: "label")
    table.dataSource = dataSource
    table.delegate = delegate
    table.setEditing(true, animated: false)
    #expect(
      table.textSnapshot() == """
        TableView 320 × 132, offset 0 of 132, editing
        Section 0
          0.0 LabelCell · delete control · reorder control
          0.1 LabelCell · insert control · reorder control
          0.2 LabelCell
        """)
  }

  @Test func aCellThatDescribesItselfIsShownByItsOwnDescription() {
    let dataSource = TrackRowsDataSource(["Feeling Good", "Sinnerman"])
    let table = TableView()
    table.register(TrackRowCell.self, forCellReuseIdentifier: "track")
    table.dataSource = dataSource
    #expect(
      table.textSnapshot() == """
        TableView 320 × 440, offset 0 of 88
        Section 0
          0.0 ♪ Feeling Good (3:00)
          0.1 ♪ Sinnerman (3:01)
        """)
  }

  @Test func anEmptyTableAndASectionWithoutVisibleRowsAreStillDescribed() {
    let empty = RowsDataSource([])
    let (table, _) = makeTable(empty)
    #expect(table.textSnapshot() == "TableView 320 × 440, offset 0 of 0")
    let headerOnly = RowsDataSource([[]])
    headerOnly.headers = ["Nothing yet"]
    let (second, _) = makeTable(headerOnly)
    #expect(second.textSnapshot() == "TableView 320 × 440, offset 0 of 28\nSection 0 \"Nothing yet\"")
  }
}
