import Foundation
import HumbleSupport
import Presentation

/// What Tab completes: command names, then each command's arguments (sort modes, action titles, artist
/// names with spaces and accents, on/off, scroll targets, help topics).
public enum Completion {
  /// Every title an edit action can have, for `action <title> <row>`.
  public static let actionTitles = TrackAction.allCases.map(\.title)

  /// The texts that can replace `word`, the word being completed, given the part of the line before it.
  ///
  /// Matching ignores case and diacritics. For arguments made of several words (artist names, action titles),
  /// the words already typed before `word` must match too, and each candidate is the rest of the argument
  /// from where `word` starts, so the line reads as the full name once completed.
  public static func candidates(before: String, word: String, artistNames: [String]) -> [String] {
    let typed = before.split(whereSeparator: \.isWhitespace).map(String.init)
    guard let command = typed.first?.lowercased() else {
      return matching(CommandParser.commandNames, prefix: word)
    }
    // What is typed of the argument before `word`, from its first character.
    let commandStart = before.drop(while: \.isWhitespace)
    let afterCommand = commandStart.drop(while: { !$0.isWhitespace })
    let argumentBefore = String(afterCommand.drop(while: \.isWhitespace))
    guard let declaration = CommandDeclaration.named(command) else { return [] }
    switch declaration.argumentCompletion {
    case .none: return []
    case .words(let words): return typed.count == 1 ? matching(words, prefix: word) : []
    case .commandNames:
      return typed.count == 1 ? matching(CommandDeclaration.all.map(\.name), prefix: word) : []
    case .artistNames: return phrases(artistNames, typedBefore: argumentBefore, word: word)
    case .actionTitles: return phrases(actionTitles, typedBefore: argumentBefore, word: word)
    }
  }

  /// Whether the word after `before` belongs to an artist's name, which only the catalog's names complete.
  public static func completesArtistName(before: String) -> Bool {
    guard let command = before.split(whereSeparator: \.isWhitespace).first?.lowercased(),
      case .artistNames = CommandDeclaration.named(command)?.argumentCompletion
    else { return false }
    return true
  }

  private static func matching(_ names: [String], prefix: String) -> [String] {
    names.filter { fold($0).hasPrefix(fold(prefix)) }
  }

  /// The rest of each phrase from where `word` starts, for phrases beginning with `typedBefore + word`.
  private static func phrases(_ phrases: [String], typedBefore: String, word: String) -> [String] {
    let typed = Array(typedBefore + word)
    return phrases.compactMap { phrase in
      let characters = Array(phrase)
      guard characters.count >= typed.count,
        zip(characters, typed).allSatisfy({ fold(String($0)) == fold(String($1)) })
      else { return nil }
      return String(characters.dropFirst(typedBefore.count))
    }.uniquedKeepingOrder()
  }

  private static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
  }
}
