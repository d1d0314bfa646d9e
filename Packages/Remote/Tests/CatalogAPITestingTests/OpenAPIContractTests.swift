import CatalogAPI
import CatalogAPITesting
import Foundation
import HumbleSupport
import Services
import Testing

@Suite struct OpenAPIContractTests {
  let contract: OpenAPIContract

  init() throws {
    contract = try OpenAPIContract.committed()
  }

  @Test func theCommittedDocumentDeclaresEveryEndpoint() {
    #expect(contract.operations.contains(.init(method: "GET", template: "/v1/artists/{artistID}/tracks")))
    #expect(contract.operations.contains(.init(method: "HEAD", template: "/v1/tracks/{trackID}/stream")))
    #expect(contract.operations.contains(.init(method: "GET", template: "/v1/tracks/{trackID}")))
    #expect(contract.operations.contains(.init(method: "POST", template: "/v1/track-lookup")))
    #expect(contract.operations.contains(.init(method: "GET", template: "/v1/artwork/{artworkID}")))
    #expect(contract.operations.contains(.init(method: "HEAD", template: "/v1/artwork/{artworkID}")))
    #expect(contract.operations.count == 17)
  }

  @Test func literalSegmentsWinOverParameters() {
    #expect(contract.template(matching: "/v1/me/favourites/events") == "/v1/me/favourites/events")
    #expect(contract.template(matching: "/v1/me/favourites/t1") == "/v1/me/favourites/{trackID}")
    #expect(contract.template(matching: "/v1/tracks/t1") == "/v1/tracks/{trackID}")
    #expect(contract.template(matching: "/v1/tracks/t1/stream") == "/v1/tracks/{trackID}/stream")
    #expect(contract.template(matching: "/v1/nothing") == nil)
  }

  @Test func aConformingBodyPasses() {
    let body = Data(#"{"artists":[{"id":"a","name":"A","listeners":3}]}"#.utf8)
    #expect(
      contract.violations(method: "GET", path: "/v1/artists", status: 200, contentType: "application/json", body: body)
        == [])
  }

  @Test func aWrongBodyIsRejectedWithWhereAndWhy() {
    let body = Data(#"{"artists":[{"id":"a","name":"A","listeners":-1,"extra":true}],"more":1}"#.utf8)
    let found = contract.violations(
      method: "GET", path: "/v1/artists", status: 200, contentType: "application/json", body: body)
    #expect(
      found == [
        "GET /v1/artists 200: $.artists[0]: property 'extra' is not allowed",
        "GET /v1/artists 200: $.artists[0].listeners: -1.0 is below the minimum 0.0",
        "GET /v1/artists 200: $: property 'more' is not allowed",
      ])
  }

  @Test func typesEnumsAndRequiredPropertiesAreChecked() {
    let page = JSONValue.object(["tracks": .array([.object(["id": .bool(true)])]), "offset": .double(1.5)])
    let found = contract.violations(of: page, againstSchemaNamed: "TrackPage")
    #expect(found.contains("$: missing required property 'total'"))
    #expect(found.contains("$.offset: expected integer, found number 1.5"))
    #expect(found.contains("$.tracks[0].id: expected string, found boolean true"))
    #expect(contract.violations(of: .string("loudest"), againstSchemaNamed: "TrackOrder").count == 1)
  }

  @Test func aStringIsCheckedAgainstItsPatternToTheEndOfTheText() {
    #expect(contract.violations(of: .string("c1.catalog.49"), againstSchemaNamed: "TrackCursor") == [])
    for bad in ["c1.catalog.4x", "c1.catalog.49\n", "xc1.catalog.49"] {
      #expect(
        contract.violations(of: .string(bad), againstSchemaNamed: "TrackCursor").first?.contains("pattern") == true,
        "\(bad.debugDescription)")
    }
  }

  @Test func theCursorsSchemaIsTheOneTheCodeReads() throws {
    let document = try JSONValue.parse(CatalogAPI.openAPIDocument)
    let schema = document["components"]?["schemas"]?["TrackCursor"]
    #expect(schema?["pattern"]?.stringValue == TrackCursor.encodedPattern)
    #expect(schema?["maxLength"]?.numberValue == Double(TrackCursor.maximumEncodedLength))
  }

  @Test func anUndocumentedStatusOrContentTypeIsRejected() {
    let problem = Data(#"{"type":"about:blank","title":"Gone","status":410,"detail":"x"}"#.utf8)
    #expect(
      contract.violations(
        method: "GET", path: "/v1/artists", status: 410, contentType: "application/problem+json", body: problem)
        == ["GET /v1/artists 410: the document declares no 410 response"])
    #expect(
      contract.violations(method: "GET", path: "/v1/artists", status: 200, contentType: "text/html", body: Data())
        .count == 1)
  }

  @Test func aResponseOutsideEveryOperationMustBeAProblem() {
    let problem = Data(#"{"type":"about:blank","title":"Not Found","status":404,"detail":"x"}"#.utf8)
    #expect(
      contract.violations(
        method: "GET", path: "/v1/nothing", status: 404, contentType: "application/problem+json", body: problem) == [])
    #expect(
      contract.violations(
        method: "GET", path: "/v1/nothing", status: 404, contentType: "application/problem+json",
        body: Data(#"{"status":"404"}"#.utf8)
      ).count == 4)
  }
}
