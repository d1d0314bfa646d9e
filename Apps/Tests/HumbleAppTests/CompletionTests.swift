import HumbleApp
import Testing

@Suite struct CompletionTests {
  let artists = ["Aurora Vale", "Hélène & the Hourglass", "The Quiet Foxes", "The Quartet", "東京 Drift"]

  @Test func anEmptyLineCompletesCommandNames() {
    #expect(Completion.candidates(before: "", word: "so", artistNames: artists) == ["sort"])
    #expect(Completion.candidates(before: "  ", word: "un", artistNames: artists) == ["unfavourite"])
    #expect(Completion.candidates(before: "", word: "ar", artistNames: artists) == ["artists", "artist"])
  }

  @Test func theGridCommandsComplete() {
    #expect(Completion.candidates(before: "", word: "pl", artistNames: artists) == ["playlists"])
    #expect(Completion.candidates(before: "", word: "re", artistNames: artists) == ["releases", "reload"])
    #expect(Completion.candidates(before: "help ", word: "rel", artistNames: []) == ["releases", "reload"])
  }

  @Test func sortCompletesItsModes() {
    #expect(Completion.candidates(before: "sort ", word: "po", artistNames: artists) == ["popular"])
    #expect(Completion.candidates(before: "sort ", word: "", artistNames: artists).count == 7)
    #expect(Completion.candidates(before: "sort popular ", word: "", artistNames: artists).isEmpty)
  }

  @Test func artistNamesCompleteIgnoringCaseAndAccents() {
    #expect(Completion.candidates(before: "artist ", word: "hel", artistNames: artists) == ["Hélène & the Hourglass"])
    #expect(Completion.candidates(before: "artist ", word: "東", artistNames: artists) == ["東京 Drift"])
  }

  @Test func aNameWithSpacesCompletesFromTheWordBeingTyped() {
    #expect(
      Completion.candidates(before: "artist the ", word: "qu", artistNames: artists) == ["Quiet Foxes", "Quartet"])
    #expect(Completion.candidates(before: "artist the ", word: "quix", artistNames: artists).isEmpty)
    #expect(Completion.candidates(before: "artist The Quiet ", word: "F", artistNames: artists) == ["Foxes"])
  }

  @Test func actionTitlesCompleteIncludingTwoWordTitles() {
    #expect(Completion.candidates(before: "action ", word: "ca", artistNames: []) == ["Cancel Download"])
    #expect(Completion.candidates(before: "action cancel ", word: "d", artistNames: []) == ["Download"])
    #expect(Completion.candidates(before: "action ", word: "fav", artistNames: []) == ["Favourite"])
  }

  @Test func toggleAndScrollArgumentsComplete() {
    #expect(Completion.candidates(before: "events ", word: "o", artistNames: []) == ["on", "off"])
    #expect(Completion.candidates(before: "scroll ", word: "b", artistNames: []) == ["bottom"])
    #expect(Completion.candidates(before: "help ", word: "unf", artistNames: []) == ["unfavourite"])
  }

  @Test func rowArgumentsAndUnknownCommandsCompleteNothing() {
    #expect(Completion.candidates(before: "select ", word: "1", artistNames: artists).isEmpty)
    #expect(Completion.candidates(before: "frobnicate ", word: "a", artistNames: artists).isEmpty)
  }
}
