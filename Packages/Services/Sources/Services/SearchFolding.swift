import Foundation

/// How every `MusicAPI` implementation matches names: case and diacritics ignored, so "royksopp" finds
/// "Röyksopp" and "SIGUR ROS" finds "Sigur Rós".
public enum SearchFolding {
  /// The text without case or diacritics.
  public static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }
}
