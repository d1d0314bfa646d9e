import Domain
import Foundation
import Testing

@Suite struct IdentifierTests {
  @Test func stringLiteralsCreateIdentifiersWhereIdentifiersAreExpected() {
    let ids: [Track.ID] = ["a", "b", "c"]
    #expect(ids.map(\.rawValue) == ["a", "b", "c"])
    #expect(ids[0] == Track.ID("a"))
    #expect(ids[0] == Track.ID(rawValue: "a"))
  }

  @Test func identifiersEncodeAsPlainStrings() throws {
    let data = try JSONEncoder().encode(["x"] as [Artist.ID])
    #expect(String(decoding: data, as: UTF8.self) == #"["x"]"#)
    #expect(try JSONDecoder().decode([Artist.ID].self, from: data) == ["x"])
  }

  @Test func identifiersOrderByTheirText() {
    let ids: [Playlist.ID] = ["b", "c", "a"]
    #expect(ids.sorted() == ["a", "b", "c"])
    #expect(Track.ID("t1").description == "t1")
  }
}
