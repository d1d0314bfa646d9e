import Foundation
import TableKit
import TableKitTesting
import Testing

/// A seed-style basic item: a title, a line of detail and an optional picture.
struct BasicItem {
  let title: String
  let detail: String
  let imageURL: URL?
}

/// A data source whose plain cells bind a ``BasicItem``'s three properties through a content
/// configuration, and nothing else.
@MainActor
final class BasicItemsDataSource: TableViewDataSource {
  var items: [BasicItem]

  init(_ items: [BasicItem]) {
    self.items = items
  }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { items.count }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "basic", for: indexPath)
    let item = items[indexPath.row]
    var content = cell.defaultContentConfiguration()
    content.text = item.title
    content.secondaryText = item.detail
    content.image = item.imageURL.map { .url($0) }
    cell.contentConfiguration = content
    return cell
  }
}

@MainActor
@Suite struct ListContentConfigurationTests {
  @Test func aPlainCellBindsAnItemsThreePropertiesThroughItsConfiguration() throws {
    let dataSource = BasicItemsDataSource([
      BasicItem(title: "Nina Simone", detail: "2.1M listeners", imageURL: URL(string: "https://img.example/nina.jpg")),
      BasicItem(title: "Miles Davis", detail: "1.8M listeners", imageURL: nil),
    ])
    let table = TableView()
    table.register(TableViewCell.self, forCellReuseIdentifier: "basic")
    table.dataSource = dataSource
    let content = try #require(try table.fetchCell(at: .row(0)).contentConfiguration as? ListContentConfiguration)
    #expect(
      content
        == ListContentConfiguration(
          style: .cell, text: "Nina Simone", secondaryText: "2.1M listeners",
          image: .url(URL(string: "https://img.example/nina.jpg")!)))
    #expect(content.summary == "\"Nina Simone\" — \"2.1M listeners\" [image: https://img.example/nina.jpg]")
    let second = try table.fetchCell(at: .row(1)).contentConfiguration as? ListContentConfiguration
    #expect(second?.image == nil)
  }

  @Test func theDefaultConfigurationIsThePlainCellWithNothingToShow() {
    let cell = TableViewCell(reuseIdentifier: nil)
    #expect(cell.defaultContentConfiguration() == .cell())
    #expect(cell.defaultContentConfiguration().text == nil)
    #expect(cell.contentConfiguration == nil)
  }

  /// As in UIKit, reuse keeps a cell's configuration: the data source sets it again for its new row.
  @Test func aReusedCellKeepsItsConfigurationUntilTheDataSourceBindsIt() {
    let cell = TableViewCell(reuseIdentifier: "basic")
    cell.contentConfiguration = ListContentConfiguration.cell()
    cell.prepareForReuse()
    #expect(cell.contentConfiguration is ListContentConfiguration)
  }
}
