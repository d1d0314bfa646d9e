import Foundation
import SeededRandomness
import Services
import Testing

struct TrackCursorTests {
  @Test func aCursorSurvivesItsEncodingAndAnythingElseIsRefused() throws {
    let cursors = [
      TrackCursor(order: .catalog, key: .none, position: 12),
      TrackCursor(order: .title, key: .text("e\u{301} & \"quoted\" / slash"), position: -3),
      TrackCursor(order: .titleDescending, key: .text(""), position: 0),
      TrackCursor(order: .newest, key: .number(1.0e9 + 0.123456789), position: 7),
      TrackCursor(order: .longest, key: .number(1.0e-5), position: 7),
      TrackCursor(order: .longest, key: .number(1.7e20), position: 7),
      TrackCursor(order: .shortest, key: .number(-0.0), position: 7),
      TrackCursor(order: .popular, key: .integer(Int.max), position: Int.min),
    ]
    let pattern = try NSRegularExpression(pattern: TrackCursor.encodedPattern)
    for cursor in cursors {
      let encoded = cursor.encoded
      #expect(encoded.allSatisfy { $0.isLetter || $0.isNumber || "-_.".contains($0) }, "\(encoded) is URL-safe")
      #expect(Self.matches(pattern, encoded), "\(encoded) matches the documented pattern")
      #expect(TrackCursor(encoded: encoded) == cursor)
    }
    let wrongKind = TrackCursor(order: .popular, key: .text("x"), position: 1).encoded
    for garbage in [
      "", "c1.", "c1.!!!", "c2.catalog.1", "c1.catalog.1.x", "c1.title.1", "c1.title.1.a=", "c1.popular.1.1.5",
      "c1.newest.1.1e", "c1.newest.1.-", "c1.newest.1.nan", "c1.catalog.12345678901234567890", "c1.catalog.+1",
      "c1.catalog.1\n", wrongKind, "c1.title.1." + String(repeating: "A", count: 5_000),
    ] {
      #expect(TrackCursor(encoded: garbage) == nil, "\(garbage.prefix(40).debugDescription)")
      #expect(!Self.matches(pattern, garbage), "\(garbage.prefix(40).debugDescription) fails the pattern too")
    }
  }

  /// A client may send any string the OpenAPI document's pattern allows (schemathesis does): each names a place.
  @Test func everyStringThePatternAllowsIsACursor() throws {
    let pattern = try NSRegularExpression(pattern: TrackCursor.encodedPattern)
    var random = SeededRandom(seed: 24)
    func digits(_ range: ClosedRange<Int>) -> String {
      String((0..<Int.random(in: range, using: &random)).map { _ in "0123456789".randomElement(using: &random)! })
    }
    func whole() -> String { (Bool.random(using: &random) ? "-" : "") + digits(1...19) }
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    for _ in 0..<2_000 {
      let order = TrackOrder.allCases.randomElement(using: &random)!
      var text = "c1.\(order.rawValue).\(whole())"
      switch order {
      case .catalog: break
      case .title, .titleDescending:
        text +=
          "."
          + String((0..<Int.random(in: 0...40, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
      case .popular: text += ".\(whole())"
      case .newest, .longest, .shortest:
        text += "." + (Bool.random(using: &random) ? "-" : "") + digits(1...20)
        if Bool.random(using: &random) { text += "." + digits(1...20) }
        if Bool.random(using: &random) { text += "e" + ["", "-", "+"].randomElement(using: &random)! + digits(1...3) }
      }
      #expect(Self.matches(pattern, text), "\(text) matches")
      let cursor = try #require(TrackCursor(encoded: text), "\(text) decodes")
      #expect(cursor.order == order)
    }
  }

  @Test func aPlaceBeyondTheNumbersACatalogHoldsIsStillAPlace() throws {
    #expect(TrackCursor(encoded: "c1.catalog.9999999999999999999")?.position == Int.max)
    #expect(TrackCursor(encoded: "c1.popular.-9999999999999999999.5")?.position == Int.min)
    #expect(TrackCursor(encoded: "c1.newest.0.1e999")?.key == .number(.infinity))
    #expect(TrackCursor(encoded: "c1.title.0.A")?.key == .text(""), "bits short of a byte are dropped")
    #expect(TrackCursor(encoded: "c1.title.0._w")?.key == .text("\u{FFFD}"), "a byte that is not UTF-8")
    // "x\0y": after every "x" in ascending order, and after none of the "x"s' ties before it in descending order.
    #expect(
      TrackCursor(encoded: "c1.title.5.eAB5") == TrackCursor(order: .title, key: .text("x"), position: .max))
    #expect(
      TrackCursor(encoded: "c1.title-descending.5.eAB5")
        == TrackCursor(order: .titleDescending, key: .text("x"), position: .min))
  }

  /// Whether the OpenAPI document allows `text`: the pattern matches all of it (`$` ends the text, as in
  /// ECMAScript, not a line as ICU's does) and it is no longer than the document's `maxLength`.
  private static func matches(_ pattern: NSRegularExpression, _ text: String) -> Bool {
    let whole = NSRange(text.startIndex..., in: text)
    return pattern.firstMatch(in: text, range: whole)?.range == whole
      && text.unicodeScalars.count <= TrackCursor.maximumEncodedLength
  }
}
