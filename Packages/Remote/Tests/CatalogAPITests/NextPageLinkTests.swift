import CatalogAPI
import Testing

@Suite struct NextPageLinkTests {
  @Test func theServersLinkNamesTheNextPageWithItsCursorOffsetAndLimit() {
    let value = CatalogAPI.NextPageLink.value(
      base: "http://127.0.0.1:8080", path: "/v1/artists/a%2Fb/tracks", after: "c1.title.3.w6k", offset: 4, limit: 2)
    #expect(
      value == #"<http://127.0.0.1:8080/v1/artists/a%2Fb/tracks?after=c1.title.3.w6k&offset=4&limit=2>; rel="next""#)
    #expect(
      CatalogAPI.NextPageLink.target(in: value)
        == "http://127.0.0.1:8080/v1/artists/a%2Fb/tracks?after=c1.title.3.w6k&offset=4&limit=2")
  }

  @Test func aCursorsCharactersOutsideTheUnreservedOnesArePercentEncoded() {
    let value = CatalogAPI.NextPageLink.value(base: "", path: "/p", after: "a b&c=d+é", offset: 0, limit: 1)
    #expect(value == #"</p?after=a%20b%26c%3Dd%2B%C3%A9&offset=0&limit=1>; rel="next""#)
  }

  @Test(arguments: [
    (#"</next>; rel="next""#, "/next"),
    (#"</prev>; rel="prev", </next>; rel="next""#, "/next"),
    (#"</a>; rel="prev next"; title="x, y", </b>; rel=next"#, "/a"),
    (#"</a>; title="a \"quoted\"; rel=next", </b>; REL="NEXT""#, "/b"),
    (#"  </a> ; rel = next "#, "/a"),
    (#"</a>; rel="nextpage", </b>; rel="next""#, "/b"),
  ])
  func theFirstLinkWhoseRelationsIncludeNextIsItsTarget(value: String, target: String) {
    #expect(CatalogAPI.NextPageLink.target(in: value) == target)
  }

  @Test(arguments: ["", "next", #"</a>; rel="prev""#, #"</a>"#, #"<broken; rel="next""#, #"</a>; rel"#])
  func aValueWithoutANextLinkHasNoTarget(value: String) {
    #expect(CatalogAPI.NextPageLink.target(in: value) == nil)
  }
}
