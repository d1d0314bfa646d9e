import Testing

@testable import ServicesRemote

struct OneLineTextTests {
  @Test func everyRunOfLineBreaksAndControlCharactersBecomesOneSpace() {
    #expect(
      "one\ntwo\r\n\r\nthree\tfour\u{2028}five\u{2029}six\u{0}seven".oneLine == "one two three four five six seven")
  }

  @Test func breaksAtTheStartAreDroppedAndAtTheEndLeaveNothing() {
    #expect("\n\nfirst\n\n".oneLine == "first")
    #expect("\n\r\t".oneLine.isEmpty)
  }

  @Test func textOnOneLineIsKeptAsItIs() {
    #expect(
      "server at http://127.0.0.1:8080 — Néon “quoted”".oneLine == "server at http://127.0.0.1:8080 — Néon “quoted”")
  }

  @Test func aDurationIsToldInSecondsAsPeopleWriteIt() {
    #expect(Duration.seconds(5).secondsText == "5 s")
    #expect(Duration.milliseconds(200).secondsText == "0.2 s")
    #expect(Duration.milliseconds(1_500).secondsText == "1.5 s")
    #expect(Duration.microseconds(1_234_567).secondsText == "1.235 s")
  }
}
