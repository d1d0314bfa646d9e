import Foundation
import HumbleSupport
import Testing

struct JSONValueTests {
  @Test func aDocumentReadsWithIntegersNumbersAndBooleansKeptApart() throws {
    let value = try JSONValue.parse(Data(#"{"a": 1, "b": 1.5, "c": true, "d": null, "e": ["x"]}"#.utf8))
    #expect(value["a"] == .int(1))
    #expect(value["b"] == .double(1.5))
    #expect(value["c"] == .bool(true))
    #expect(value["d"] == .null)
    #expect(value["e"] == .array([.string("x")]))
    #expect(value["a"]?.numberValue == 1)
    #expect(value["e"]?.stringValue == nil)
  }

  @Test func aValueIsWrittenAsOneLineWithSortedKeys() {
    let value = JSONValue.object(["b": .int(2), "a": .string("x/y\nz"), "c": .double(.nan), "d": .optional(nil)])
    #expect(value.jsonText == #"{"a":"x/y\nz","b":2,"c":0,"d":null}"#)
  }
}
