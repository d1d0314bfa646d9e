import Foundation
import Testing

@testable import ServicesRemote

struct ServerSentEventParserTests {
  /// The events `chunks` complete, fed to one parser in order.
  private func events(_ chunks: String...) throws -> [ServerSentEvent] {
    var parser = ServerSentEventParser()
    return try chunks.flatMap { try parser.parse(Data($0.utf8)) }
  }

  @Test func anEventCarriesItsTypeIDAndData() throws {
    #expect(
      try events("event: favourite\nid: 7\ndata: {\"version\":7}\n\n")
        == [ServerSentEvent(type: "favourite", id: "7", data: #"{"version":7}"#)])
  }

  @Test func anUnnamedEventIsAMessageAndOneSpaceAfterTheColonIsDropped() throws {
    #expect(
      try events("data:tight\n\ndata:  spaced\n\n")
        == [
          ServerSentEvent(type: "message", id: nil, data: "tight"),
          ServerSentEvent(type: "message", id: nil, data: " spaced"),
        ])
  }

  @Test func dataOnManyLinesIsJoinedWithLineFeeds() throws {
    #expect(
      try events("data: one\ndata: two\ndata\n\n") == [ServerSentEvent(type: "message", id: nil, data: "one\ntwo\n")])
  }

  @Test func commentsAndKeepAlivesMakeNoEvent() throws {
    #expect(try events(": keep-alive\n\n", ":\n\n").isEmpty)
    #expect(
      try events("event: ready\n: a comment between fields\ndata: {}\n\n") == [
        ServerSentEvent(type: "ready", id: nil, data: "{}")
      ])
  }

  @Test func aBlockWithoutDataIsNotAnEventAndItsTypeDoesNotLeakIntoTheNext() throws {
    #expect(try events("event: ready\n\ndata: x\n\n") == [ServerSentEvent(type: "message", id: nil, data: "x")])
  }

  @Test func unknownFieldsAreIgnored() throws {
    #expect(try events("retry: 10\nfoo: bar\ndata: x\n\n") == [ServerSentEvent(type: "message", id: nil, data: "x")])
  }

  @Test(arguments: ["\r\n", "\r", "\n"])
  func linesMayEndWithCRLFOrCROrLF(ending: String) throws {
    let text = ["event: favourite", "id: 1", "data: a", "data: b", "", ""].joined(separator: ending)
    #expect(try events(text) == [ServerSentEvent(type: "favourite", id: "1", data: "a\nb")])
  }

  @Test func aCRLFSplitAcrossChunksEndsOneLine() throws {
    #expect(
      try events("data: a\r", "\ndata: b\r", "\n\r", "\n") == [ServerSentEvent(type: "message", id: nil, data: "a\nb")])
  }

  @Test func anEventSplitAcrossChunksAtEveryByteComesWhole() throws {
    let text = "event: favourite\r\nid: 12\r\ndata: {\"trackID\":\"n0\"}\r\n\r\n: keep-alive\r\n\r\n"
    var parser = ServerSentEventParser()
    var events: [ServerSentEvent] = []
    for byte in Array(text.utf8) {
      events += try parser.parse(Data([byte]))
    }
    #expect(events == [ServerSentEvent(type: "favourite", id: "12", data: #"{"trackID":"n0"}"#)])
  }

  @Test func anEventIsCompleteOnlyAtItsBlankLine() throws {
    var parser = ServerSentEventParser()
    #expect(try parser.parse(Data("data: x\n".utf8)).isEmpty)
    #expect(try parser.parse(Data("\n".utf8)) == [ServerSentEvent(type: "message", id: nil, data: "x")])
  }

  @Test func theLastIDCarriesOverToEventsWithoutOne() throws {
    #expect(
      try events("id: 3\ndata: a\n\ndata: b\n\n")
        == [ServerSentEvent(type: "message", id: "3", data: "a"), ServerSentEvent(type: "message", id: "3", data: "b")])
  }

  @Test func textInUTF8SplitInsideACharacterComesWhole() throws {
    let bytes = Array("data: Néon\n\n".utf8)
    let split = bytes.firstIndex(of: 0xC3)! + 1
    var parser = ServerSentEventParser()
    let events = try parser.parse(Data(bytes[..<split])) + parser.parse(Data(bytes[split...]))
    #expect(events == [ServerSentEvent(type: "message", id: nil, data: "Néon")])
  }
}

/// The parser's size limit: a line or event past `maximumEventBytes` fails instead of growing without end.
struct ServerSentEventLimitTests {
  @Test func aLineLongerThanTheLimitFailsBeforeItEnds() {
    var parser = ServerSentEventParser(maximumEventBytes: 16)
    #expect(throws: ServerSentEventParser.EventTooLarge(limit: 16)) {
      try parser.parse(Data(("data: " + String(repeating: "x", count: 100)).utf8))
    }
  }

  @Test func anEventOfManyShortLinesPastTheLimitFails() {
    var parser = ServerSentEventParser(maximumEventBytes: 64)
    #expect(throws: ServerSentEventParser.EventTooLarge(limit: 64)) {
      try parser.parse(Data(String(repeating: "data: abc\n", count: 20).utf8))
    }
  }

  @Test func eventsUpToTheLimitEachArrive() throws {
    var parser = ServerSentEventParser(maximumEventBytes: 16)
    let events = try parser.parse(Data(String(repeating: "data: 0123456\n\n", count: 3).utf8))
    #expect(events == Array(repeating: ServerSentEvent(type: "message", id: nil, data: "0123456"), count: 3))
  }
}
