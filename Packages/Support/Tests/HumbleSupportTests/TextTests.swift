import HumbleSupport
import Testing

struct OneLineTextTests {
  @Test func aQuotedTextIsOneLineAndCutWithAnEllipsisPastItsLimit() {
    #expect("http://h/a\nb".oneLine(atMost: 200) == "http://h/a b")
    #expect(String(repeating: "x", count: 10).oneLine(atMost: 10) == "xxxxxxxxxx")
    #expect(String(repeating: "x", count: 11).oneLine(atMost: 10) == "xxxxxxxxx…")
    #expect(String(repeating: "x", count: 500).oneLine(atMost: 200).count == 200)
  }

  @Test func everyRunOfLineBreaksAndControlCharactersBecomesOneSpace() {
    #expect(
      "one\ntwo\r\n\r\nthree\tfour\u{2028}five\u{2029}six\u{0}seven".oneLine == "one two three four five six seven")
  }

  @Test func breaksAtTheStartAreDroppedAndAtTheEndLeaveNothing() {
    #expect("\n\nfirst\n\n".oneLine == "first")
    #expect("\n\r\t".oneLine.isEmpty)
  }

  @Test func spacesAroundABreakGoWithIt() {
    #expect(
      "SQL error:  \n    near line 2\n\tdatabase is locked".oneLine == "SQL error: near line 2 database is locked")
    #expect("last line\n  ".oneLine == "last line")
  }

  @Test func textOnOneLineIsKeptAsItIs() {
    #expect(
      "server at http://127.0.0.1:8080 — Néon “quoted”".oneLine == "server at http://127.0.0.1:8080 — Néon “quoted”")
  }
}

struct NULCheckTests {
  @Test func textHoldingANULAnywhereIsFound() {
    #expect("a\0b".containsNUL)
    #expect("\0".containsNUL)
    #expect("aurora-vale\0x"[...].containsNUL)
  }

  @Test func textWithoutANULIsNot() {
    #expect(!"aurora-vale".containsNUL)
    #expect(!"".containsNUL)
    #expect(!"é\u{1}".containsNUL)
  }
}

struct OrderedDeduplicationTests {
  @Test func elementsKeepTheirOrderAndEachComesOnce() {
    #expect(["b", "a", "b", "c", "a"].uniquedKeepingOrder() == ["b", "a", "c"])
    #expect([Int]().uniquedKeepingOrder().isEmpty)
  }

  @Test func byKeyTheFirstElementOfEachKeyIsKept() {
    #expect(["apple", "avocado", "banana"].uniquedKeepingOrder(by: \.first) == ["apple", "banana"])
  }
}

struct DurationInSecondsTests {
  @Test func aDurationIsCountedInSecondsMillisecondsAndNanoseconds() {
    #expect(Duration.milliseconds(1_500).inSeconds == 1.5)
    #expect(Duration.microseconds(2_500).inMilliseconds == 2.5)
    #expect(Duration.seconds(2).inNanoseconds == 2_000_000_000)
    #expect(Duration.nanoseconds(1_234).inNanoseconds == 1_234)
  }

  @Test func aDurationIsToldInSecondsAsPeopleWriteIt() {
    #expect(Duration.seconds(5).secondsText == "5 s")
    #expect(Duration.milliseconds(200).secondsText == "0.2 s")
    #expect(Duration.milliseconds(1_500).secondsText == "1.5 s")
    #expect(Duration.microseconds(1_234_567).secondsText == "1.235 s")
  }
}
