/// The person using the app, as far as what they may be shown is concerned.
public struct User: Hashable, Sendable, Codable {
  /// The age from which explicit lyrics may be shown.
  public static let explicitLyricsMinimumAge = 18

  /// The user's age in whole years.
  public var age: Int

  /// Creates a user of the given age.
  public init(age: Int) {
    self.age = age
  }

  /// An adult user, who may be shown everything.
  public static let adult = User(age: explicitLyricsMinimumAge)

  /// Whether tracks with explicit lyrics may be shown to this user.
  public var mayBeShownExplicitLyrics: Bool { age >= Self.explicitLyricsMinimumAge }
}
