import Foundation
import Testing

@testable import ServicesRemote

struct ServerSentEventParserTests {
  /// The events `chunks` complete, fed to one parser in order.
  private func events(_ chunks: String...) -> [ServerSentEvent] {
    var parser = ServerSentEventParser()
    return chunks.flatMap { parser.parse(Data($0.utf8)) }
  }

  @Test func anEventCarriesItsTypeIDAndData() {
    #expect(
      events("event: favourite\nid: 7\ndata: {\"version\":7}\n\n")
        == [ServerSentEvent(type: "favourite", id: "7", data: #"{"version":7}"#)])
  }

  @Test func anUnnamedEventIsAMessageAndOneSpaceAfterTheColonIsDropped() {
    #expect(
      events("data:tight\n\ndata:  spaced\n\n")
        == [
          ServerSentEvent(type: "message", id: nil, data: "tight"),
          ServerSentEvent(type: "message", id: nil, data: " spaced"),
        ])
  }

  @Test func dataOnManyLinesIsJoinedWithLineFeeds() {
    #expect(events("data: one\ndata: two\ndata\n\n") == [ServerSentEvent(type: "message", id: nil, data: "one\ntwo\n")])
  }

  @Test func commentsAndKeepAlivesMakeNoEvent() {
    #expect(events(": keep-alive\n\n", ":\n\n").isEmpty)
    #expect(
      events("event: ready\n: a comment between fields\ndata: {}\n\n") == [
        ServerSentEvent(type: "ready", id: nil, data: "{}")
      ])
  }

  @Test func aBlockWithoutDataIsNotAnEventAndItsTypeDoesNotLeakIntoTheNext() {
    #expect(events("event: ready\n\ndata: x\n\n") == [ServerSentEvent(type: "message", id: nil, data: "x")])
  }

  @Test func unknownFieldsAreIgnored() {
    #expect(events("retry: 10\nfoo: bar\ndata: x\n\n") == [ServerSentEvent(type: "message", id: nil, data: "x")])
  }

  @Test(arguments: ["\r\n", "\r", "\n"])
  func linesMayEndWithCRLFOrCROrLF(ending: String) {
    let text = ["event: favourite", "id: 1", "data: a", "data: b", "", ""].joined(separator: ending)
    #expect(events(text) == [ServerSentEvent(type: "favourite", id: "1", data: "a\nb")])
  }

  @Test func aCRLFSplitAcrossChunksEndsOneLine() {
    #expect(
      events("data: a\r", "\ndata: b\r", "\n\r", "\n") == [ServerSentEvent(type: "message", id: nil, data: "a\nb")])
  }

  @Test func anEventSplitAcrossChunksAtEveryByteComesWhole() {
    let text = "event: favourite\r\nid: 12\r\ndata: {\"trackID\":\"n0\"}\r\n\r\n: keep-alive\r\n\r\n"
    var parser = ServerSentEventParser()
    var events: [ServerSentEvent] = []
    for byte in Array(text.utf8) {
      events += parser.parse(Data([byte]))
    }
    #expect(events == [ServerSentEvent(type: "favourite", id: "12", data: #"{"trackID":"n0"}"#)])
  }

  @Test func anEventIsCompleteOnlyAtItsBlankLine() {
    var parser = ServerSentEventParser()
    #expect(parser.parse(Data("data: x\n".utf8)).isEmpty)
    #expect(parser.parse(Data("\n".utf8)) == [ServerSentEvent(type: "message", id: nil, data: "x")])
  }

  @Test func theLastIDCarriesOverToEventsWithoutOne() {
    #expect(
      events("id: 3\ndata: a\n\ndata: b\n\n")
        == [ServerSentEvent(type: "message", id: "3", data: "a"), ServerSentEvent(type: "message", id: "3", data: "b")])
  }

  @Test func textInUTF8SplitInsideACharacterComesWhole() {
    let bytes = Array("data: Néon\n\n".utf8)
    let split = bytes.firstIndex(of: 0xC3)! + 1
    var parser = ServerSentEventParser()
    let events = parser.parse(Data(bytes[..<split])) + parser.parse(Data(bytes[split...]))
    #expect(events == [ServerSentEvent(type: "message", id: nil, data: "Néon")])
  }
}
