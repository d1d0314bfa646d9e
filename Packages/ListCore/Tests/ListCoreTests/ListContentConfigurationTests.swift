import Foundation
import ListCore
import Testing

@Suite struct ListContentConfigurationTests {
  @Test func aConfigurationHoldsWhatItWasGiven() {
    let content = ListContentConfiguration(
      style: .subtitleCell, text: "Nina Simone", secondaryText: "2.1M listeners",
      image: .url(URL(string: "https://img.example/nina.jpg")!))
    #expect(content.style == .subtitleCell)
    #expect(content.text == "Nina Simone")
    #expect(content.secondaryText == "2.1M listeners")
    #expect(content.image == .url(URL(string: "https://img.example/nina.jpg")!))
    #expect(content.summary == "\"Nina Simone\" — \"2.1M listeners\" [image: https://img.example/nina.jpg]")
  }

  @Test(arguments: [
    (ListContentConfiguration.cell(), "(no text)"),
    (ListContentConfiguration(text: ""), "\"\""),
    (ListContentConfiguration(style: .subtitleCell, text: "Title", secondaryText: "Sub"), "\"Title\" — \"Sub\""),
    (ListContentConfiguration(style: .valueCell, text: "Duration", secondaryText: "3:07"), "\"Duration\" … \"3:07\""),
    (
      ListContentConfiguration(text: "Downloads", image: .named("arrow.down.circle")),
      "\"Downloads\" [image: arrow.down.circle]"
    ),
  ])
  func theSummaryQuotesTextsAndPlacesTheSecondaryTextByStyle(content: ListContentConfiguration, summary: String) {
    #expect(content.summary == summary)
  }

  @Test func theStylesAreUIKits() {
    #expect(ListContentConfiguration.subtitleCell().style == .subtitleCell)
    #expect(ListContentConfiguration.valueCell().style == .valueCell)
    #expect(ListContentConfiguration.cell().style == .cell)
  }
}
