import CatalogAPI
import Foundation
import HTTPTypes
import Hummingbird

/// An error the server answers as an `application/problem+json` document (RFC 9457).
struct ProblemError: Error {
  var status: HTTPResponse.Status
  var detail: String
  var parameter: String?
  var headers: HTTPFields = [:]
  /// What the operator needs and the caller must not see (an address, a path, a database's message): logged
  /// with the request ID, never answered.
  var internalDetail: String?

  static func badParameter(_ parameter: String, _ detail: String) -> ProblemError {
    ProblemError(status: .badRequest, detail: detail, parameter: parameter)
  }

  static func notFound(_ detail: String) -> ProblemError {
    ProblemError(status: .notFound, detail: detail)
  }

  /// The error as a problem document for a request.
  func response(path: String, requestID: String) -> Response {
    let problem = Problem(
      status: status.code, title: status.reasonPhrase, detail: detail, instance: path, parameter: parameter,
      requestID: requestID)
    let body = (try? CatalogJSON.encoder().encode(problem)) ?? Data()
    var fields = headers
    fields[.contentType] = CatalogJSON.problemContentType
    return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
  }
}

extension CatalogStoreError {
  /// The problem this failure is for a client: an unknown identifier is a 404, a database failure a 503 whose
  /// reason goes to the log only.
  var problem: ProblemError {
    switch self {
    case .artistNotFound, .playlistNotFound, .trackNotFound, .userNotFound: .notFound(description)
    case .nameTaken: ProblemError(status: .conflict, detail: description)
    case .unavailable(let reason):
      ProblemError(
        status: .serviceUnavailable, detail: "The catalog is unavailable; try again.",
        internalDetail: "the catalog is unavailable: \(reason)")
    }
  }
}
