import CatalogAPITesting
import Foundation
import HumbleServer
import Testing

/// The server and the OpenAPI document must agree; every HTTP test also checks each response it reads
/// against the document (``TestServer/send(_:_:token:headers:body:sourceLocation:)``).
@Suite(.timeLimit(.minutes(5))) struct ContractTests {
  @Test(arguments: StoreBackend.allCases) func theServerAnswersExactlyTheDocumentsOperations(_ backend: StoreBackend)
    async throws
  {
    try await TestServer.with(backend) { server in
      let contract = try OpenAPIContract.committed()
      let served = Set(
        server.server.routes.all.map { OpenAPIContract.Operation(method: $0.method.rawValue, template: $0.template) })
      let documented = contract.operations
      #expect(served.subtracting(documented).isEmpty, "served but not documented")
      #expect(documented.subtracting(served).isEmpty, "documented but not served")
      #expect(served.count == server.server.routes.all.count)
    }
  }
}
