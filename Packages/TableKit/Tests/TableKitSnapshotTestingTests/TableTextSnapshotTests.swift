import Foundation
import SnapshotTesting
import TableKit
import TableKitSnapshotTesting
import TableKitTesting
import Testing

/// A cell binding an artist through a list content configuration.
@MainActor
final class ArtistsDataSource: TableViewDataSource {
  var sections: [(title: String, artists: [(name: String, listeners: String)])]

  init(_ sections: [(title: String, artists: [(name: String, listeners: String)])]) {
    self.sections = sections
  }

  func numberOfSections(in tableView: TableView) -> Int { sections.count }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    sections[section].artists.count
  }

  func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { sections[section].title }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "artist", for: indexPath)
    let artist = sections[indexPath.section].artists[indexPath.row]
    var content = cell.defaultContentConfiguration()
    content.text = artist.name
    content.secondaryText = artist.listeners
    content.image = .named("person.crop.circle")
    cell.contentConfiguration = content
    return cell
  }
}

@MainActor
@Suite struct TableTextSnapshotTests {
  let dataSource = ArtistsDataSource([
    ("Pinned", [("Nina Simone", "2.1M listeners")]),
    ("Related", (1...30).map { ("Artist \($0)", "\($0)K listeners") }),
  ])

  func makeTable() -> TableView {
    let table = TableView(rowsInViewport: 6)
    table.register(TableViewCell.self, forCellReuseIdentifier: "artist")
    table.dataSource = dataSource
    return table
  }

  @Test func theFirstScreenWithASelection() throws {
    let table = makeTable()
    try table.selectRow(at: IndexPath(row: 1, section: 1))
    assertSnapshot(of: table, as: .text)
  }

  @Test func scrolledIntoTheSecondSectionInEditingMode() {
    let table = makeTable()
    table.scrollToRow(at: IndexPath(row: 20, section: 1), at: .middle)
    table.setEditing(true, animated: false)
    assertSnapshot(of: table, as: .text)
  }

  @Test func aTableThatChangedFailsAgainstTheReferenceWithALineDiff() throws {
    let table = makeTable()
    try table.selectRow(at: IndexPath(row: 2, section: 1))
    let failure = verifySnapshot(
      of: table, as: .text, record: .never, testName: "theFirstScreenWithASelection")
    let message = try #require(failure)
    #expect(message.contains("−  1.1 \"Artist 2\" — \"2K listeners\" [image: person.crop.circle] · selected"))
    #expect(message.contains("+  1.2 \"Artist 3\" — \"3K listeners\" [image: person.crop.circle] · selected"))
  }
}
