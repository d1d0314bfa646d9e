import CatalogAPI
import Foundation
import HTTPTypes
import HumbleSupport
import Hummingbird
import Logging

/// Every request passes here: its limits are checked, every error becomes a problem document, and one log
/// line records it with its request ID (also sent as `X-Request-ID`).
struct ServerMiddleware<Context: RequestContext>: RouterMiddleware {
  let recorder: RouteRecorder

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let started = ContinuousClock.now
    let requestID = context.id
    var response: Response
    do {
      response = try await next(try await checkLimits(request), context)
    } catch {
      let problem = problem(for: error, request: request)
      Self.log(problem, of: request, requestID: requestID, to: context.logger)
      response = problem.response(path: Self.instance(request.uri.path), requestID: requestID)
    }
    response.headers[.requestID] = requestID
    let elapsed = ContinuousClock.now - started
    context.logger.info(
      "request",
      metadata: [
        "requestID": "\(requestID)", "method": "\(request.method.rawValue)",
        "path": "\(Self.instance(request.uri.path))", "status": "\(response.status.code)",
        "durationMilliseconds": "\(Self.milliseconds(elapsed))",
      ])
    return response
  }

  private static func milliseconds(_ duration: Duration) -> String {
    let milliseconds = duration.inMilliseconds
    return String(format: "%.3f", milliseconds)
  }

  /// The request with its body read whole, once its target and body are within the limits.
  private func checkLimits(_ request: Request) async throws -> Request {
    let target = request.uri.description.utf8.count
    if target > CatalogAPI.Limits.requestTargetBytes {
      throw ProblemError(
        status: .uriTooLong,
        detail: "The request target is \(target) bytes; the limit is \(CatalogAPI.Limits.requestTargetBytes).")
    }
    let limit = Self.isTrackLookup(request) ? CatalogAPI.Limits.trackLookupBodyBytes : CatalogAPI.Limits.bodyBytes
    if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
      throw Self.tooLarge(limit)
    }
    var request = request
    do {
      _ = try await request.collectBody(upTo: limit)
    } catch {
      throw Self.tooLarge(limit)
    }
    return request
  }

  /// Whether the request is a track lookup, the one request with a body: `POST /v1/track-lookup`, its path's
  /// empty segments ignored as the router ignores them.
  private static func isTrackLookup(_ request: Request) -> Bool {
    request.method == .post
      && request.uri.path.split(separator: "/").elementsEqual(CatalogAPI.Path.trackLookup.split(separator: "/"))
  }

  private static func tooLarge(_ limit: Int) -> ProblemError {
    ProblemError(status: .contentTooLarge, detail: "The request body is over \(limit) bytes.")
  }

  private func problem(for error: any Error, request: Request) -> ProblemError {
    switch error {
    case let problem as ProblemError:
      return problem
    case let error as CatalogStoreError:
      return error.problem
    case let error as HTTPError where error.status == .notFound:
      let allowed = recorder.routes.methods(matching: request.uri.path)
      guard !allowed.isEmpty else {
        return .notFound("No endpoint at \(Self.instance(request.uri.path)).")
      }
      let allow = allowed.map(\.rawValue).joined(separator: ", ")
      return ProblemError(
        status: .methodNotAllowed,
        detail: "\(Self.instance(request.uri.path)) answers \(allow), not \(request.method.rawValue).",
        headers: [.allow: allow])
    case let error as HTTPError:
      return ProblemError(status: error.status, detail: error.body ?? error.status.reasonPhrase)
    default:
      return ProblemError(
        status: .internalServerError, detail: "The server failed; its log has the details under the request ID.",
        internalDetail: "\(error)")
    }
  }

  /// Logs what a problem answer leaves out, with the request ID the answer carries: a 5xx as an error, a
  /// refusal (a stream file outside the folder, missing or unreadable) as a warning.
  private static func log(_ problem: ProblemError, of request: Request, requestID: String, to logger: Logger) {
    guard let detail = problem.internalDetail else { return }
    logger.log(
      level: problem.status.code >= 500 ? .error : .warning, "\(detail.oneLine)",
      metadata: [
        "requestID": "\(requestID)", "method": "\(request.method.rawValue)",
        "path": "\(instance(request.uri.path))", "status": "\(problem.status.code)",
      ])
  }

  /// The path as a problem's `instance`: cut, so that a 414 does not echo 4 KB back.
  static func instance(_ path: String) -> String {
    path.utf8.count <= 512 ? path : String(path.prefix(512))
  }
}

extension HTTPField.Name {
  /// `X-Request-ID`.
  static var requestID: Self { Self("X-Request-ID")! }
  /// `Link` (RFC 8288): a page's next page (``CatalogAPI/NextPageLink``).
  static var link: Self { Self(CatalogAPI.NextPageLink.headerName)! }
}
