import SeededRandomness
import Testing

@testable import HumbleApp

@Suite struct TerminalTextTests {
  @Test func asciiTakesOneColumnPerCharacter() {
    #expect(TerminalText.displayWidth("Hello, world!") == 13)
    #expect(TerminalText.displayWidth("") == 0)
  }

  @Test func anAccentedLetterIsOneColumnWhetherPrecomposedOrDecomposed() {
    #expect(TerminalText.displayWidth("\u{E9}") == 1)
    #expect(TerminalText.displayWidth("e\u{301}") == 1)
    #expect(TerminalText.displayWidth("Hélène") == 6)
  }

  @Test(arguments: [("東京", 4), ("한국어", 6), ("タワー", 6), ("ＡＢ", 4), ("東京 Tower", 10)])
  func eastAsianWideCharactersTakeTwoColumns(text: String, width: Int) {
    #expect(TerminalText.displayWidth(text) == width)
  }

  @Test(arguments: [
    ("🎵", 2), ("\u{2764}\u{FE0F}", 2), ("\u{2764}", 1), ("👨‍👩‍👧", 2), ("🇯🇵", 2), ("👍🏽", 2), ("#\u{FE0F}\u{20E3}", 2),
    ("\u{1F321}", 1), ("\u{1F321}\u{FE0F}", 2), ("\u{1F1EF}", 1),
  ])
  func emojiTakeTwoColumnsOnlyInEmojiPresentation(text: String, width: Int) {
    #expect(TerminalText.displayWidth(text) == width)
  }

  @Test(arguments: ["\u{200B}", "\u{200D}", "\u{7}", "\t", "\u{301}", "\u{20DD}", "\r\n"])
  func clustersOfOnlyMarksFormatAndControlCharactersTakeNoColumns(text: String) {
    #expect(TerminalText.displayWidth(text) == 0)
  }

  @Test func aZeroWidthSpaceBetweenLettersAddsNoColumns() {
    #expect(TerminalText.displayWidth("a\u{200B}b") == 2)
  }

  @Test func substringsAreMeasuredLikeStrings() {
    #expect(TerminalText.displayWidth("東京タワー".prefix(2)) == 4)
  }

  @Test(
    arguments: [
      ("\u{10FF}", 1), ("\u{1100}", 2), ("\u{3000}", 2), ("\u{303F}", 1), ("\u{3248}", 1), ("\u{FF60}", 2),
      ("\u{FF61}", 1), ("\u{FFE6}", 2), ("\u{FFE7}", 1), ("\u{1F6C6}", 1), ("\u{20000}", 2), ("\u{3FFFD}", 2),
    ] as [(Character, Int)])
  func wideRangesAreMatchedAtTheirEdges(character: Character, width: Int) {
    #expect(TerminalText.displayWidth(of: character) == width)
  }

  @Test func theWideTableIsSortedAndDisjointSoBinarySearchWorks() {
    for (earlier, later) in zip(TerminalText.wideRanges, TerminalText.wideRanges.dropFirst()) {
      #expect(earlier.upperBound < later.lowerBound, "\(earlier) overlaps or precedes \(later)")
    }
  }

  @Test func truncatingAsciiEndsInAnEllipsisAtExactlyTheWidth() {
    let truncated = TerminalText.truncate("Hello, world", toWidth: 8)
    #expect(truncated == "Hello, …")
    #expect(TerminalText.displayWidth(truncated) == 8)
  }

  @Test func textThatFitsIsNotTruncated() {
    #expect(TerminalText.truncate("Hello", toWidth: 5) == "Hello")
    #expect(TerminalText.truncate("abc", toWidth: 10) == "abc")
    #expect(TerminalText.truncate("東京", toWidth: 4) == "東京")
  }

  @Test func truncatingNeverSplitsAWideCharacter() {
    #expect(TerminalText.truncate("東京タワー", toWidth: 5) == "東京…")
    #expect(TerminalText.displayWidth(TerminalText.truncate("東京タワー", toWidth: 5)) == 5)
    #expect(TerminalText.truncate("東京タワー", toWidth: 4) == "東…")
    #expect(TerminalText.displayWidth(TerminalText.truncate("東京タワー", toWidth: 4)) == 3)
  }

  @Test func truncatingKeepsGraphemeClustersWhole() {
    let decomposed = TerminalText.truncate("e\u{301}e\u{301}e\u{301}", toWidth: 2)
    #expect(Array(decomposed.unicodeScalars) == ["e", "\u{301}", "…"])
    #expect(TerminalText.truncate("👨‍👩‍👧👨‍👩‍👧", toWidth: 3) == "👨‍👩‍👧…")
    #expect(TerminalText.truncate("🇯🇵🇯🇵", toWidth: 3) == "🇯🇵…")
  }

  @Test func truncatingToZeroOrLessColumnsGivesNothing() {
    #expect(TerminalText.truncate("abc", toWidth: 0) == "")
    #expect(TerminalText.truncate("abc", toWidth: -3) == "")
    #expect(TerminalText.truncate("", toWidth: 0) == "")
  }

  @Test func truncatingToOneColumnLeavesOnlyTheEllipsis() {
    #expect(TerminalText.truncate("abc", toWidth: 1) == "…")
    #expect(TerminalText.truncate("東", toWidth: 1) == "…")
    #expect(TerminalText.truncate("a", toWidth: 1) == "a")
  }

  @Test func paddingWideTextReachesExactlyTheWidth() {
    #expect(TerminalText.pad("東京", toWidth: 6) == "東京  ")
    #expect(TerminalText.pad("東京タワー", toWidth: 5) == "東京…")
    #expect(TerminalText.pad("東京タワー", toWidth: 4) == "東… ")
  }

  @Test func paddingEmojiReachesExactlyTheWidth() {
    let padded = TerminalText.pad("🎵 Song", toWidth: 10)
    #expect(padded == "🎵 Song   ")
    #expect(TerminalText.displayWidth(padded) == 10)
    #expect(TerminalText.pad("🇯🇵🇯🇵", toWidth: 2) == "… ")
    #expect(TerminalText.pad("🇯🇵🇯🇵", toWidth: 3) == "🇯🇵…")
    #expect(TerminalText.pad("❤️❤️", toWidth: 2) == "… ")
  }

  @Test func paddingToZeroOrLessColumnsGivesNothing() {
    #expect(TerminalText.pad("abc", toWidth: 0) == "")
    #expect(TerminalText.pad("abc", toWidth: -1) == "")
  }

  @Test func paddingLeftAlignsNumbersToTheRightAndNeverTruncates() {
    #expect(TerminalText.padLeft("42", toWidth: 5) == "   42")
    #expect(TerminalText.padLeft("東", toWidth: 3) == " 東")
    #expect(TerminalText.padLeft("12345", toWidth: 3) == "12345")
    #expect(TerminalText.padLeft("123", toWidth: 3) == "123")
  }

  @Test func truncatedTextFitsAndPaddedTextFillsEveryWidth() {
    let pieces = [
      "a", "Song", " ", "東京", "한국어", "タワー", "Ａ", "🎵", "\u{2764}\u{FE0F}", "\u{2764}", "👨‍👩‍👧", "🇯🇵", "👍🏽",
      "e\u{301}", "\u{E9}", "\u{200B}", "\u{301}", "—", "…",
    ]
    var generator = SeededRandom(seed: 0x5EED)
    for _ in 0..<300 {
      let count = Int(generator.next() % 12)
      let text = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
      for width in 0...30 {
        let truncated = TerminalText.truncate(text, toWidth: width)
        #expect(TerminalText.displayWidth(truncated) <= width, "truncate(\(text.debugDescription), \(width))")
        if truncated != text && width > 0 {
          #expect(truncated.hasSuffix("…") && text.hasPrefix(truncated.dropLast()), "cut \(text.debugDescription)")
        }
        let padded = TerminalText.pad(text, toWidth: width)
        #expect(TerminalText.displayWidth(padded) == width, "pad(\(text.debugDescription), \(width))")
      }
    }
  }
}
