import CatalogAPI
import Domain
import Foundation
import HTTPTypes
import Hummingbird

extension ServerRouter {
  func addStreamRoutes() {
    let state = state
    for method in [HTTPRequest.Method.get, .head] {
      on(method, CatalogAPI.Route.streamOfTrack.template) { request, context in
        let id = try RequestParsing.identifier(CatalogAPI.Route.streamOfTrack.parameter, context)
        let track = try await state.store.track(withID: Track.ID(id))
        // Opened before any answer: a file that is missing, unreadable or outside the folder is a problem.
        let file: StreamFile
        do throws(StreamFileRefusal) {
          file = try state.streamFolder.file(named: track.streamURLString)
        } catch {
          throw error.problem(track: "\(track.id)")
        }
        let version = Self.version(of: file)
        let size = file.size
        var headers: HTTPFields = [
          .contentType: Self.contentType(of: file.path), .acceptRanges: "bytes", .eTag: version.entityTag,
          .lastModified: version.lastModified,
        ]
        for (name, field) in [("Range", HTTPField.Name.range), ("If-Range", .ifRange)] {
          if let value = request.headers[field], value.utf8.count > CatalogAPI.Limits.rangeHeaderBytes {
            throw ProblemError.badParameter(
              name, "The \(name) header is over \(CatalogAPI.Limits.rangeHeaderBytes) bytes.")
          }
        }
        // If-Range (RFC 9110 §13.1.5): a range of the file the client started from, else the whole new file.
        let ifRange = request.headers[.ifRange]
        let sameFile = ifRange == nil || ifRange == version.entityTag || ifRange == version.lastModified
        let range = sameFile ? ByteRange(header: request.headers[.range], size: size) : .whole
        let status: HTTPResponse.Status
        let bytes: ClosedRange<Int>?
        switch range {
        case .whole:
          status = .ok
          bytes = size > 0 ? 0...(size - 1) : nil
        case .part(let part):
          status = .partialContent
          bytes = part
          headers[.contentRange] = "bytes \(part.lowerBound)-\(part.upperBound)/\(size)"
        case .unsatisfiable:
          throw ProblemError(
            status: .rangeNotSatisfiable,
            detail: "The range '\(request.headers[.range] ?? "")' is outside track '\(id)''s \(size) bytes.",
            headers: [.contentRange: "bytes */\(size)", .acceptRanges: "bytes"])
        }
        headers[.contentLength] = String(bytes?.count ?? 0)
        guard request.method == .get, let bytes else {
          return Response(status: status, headers: headers, body: ResponseBody())
        }
        return Response(status: status, headers: headers, body: file.body(bytes))
      }
    }
  }

  /// What identifies one version of a file: a strong entity tag and its modification time.
  private struct FileVersion {
    var entityTag: String
    var lastModified: String
  }

  private static func version(of file: StreamFile) -> FileVersion {
    // Size and modification time to the microsecond: a file rewritten in place gets a new tag.
    let microseconds = Int64((file.modified.timeIntervalSince1970 * 1_000_000).rounded())
    return FileVersion(
      entityTag: "\"\(String(file.size, radix: 16))-\(String(microseconds, radix: 16))\"",
      lastModified: httpDate(file.modified))
  }

  /// A date as an HTTP date (RFC 9110 §5.6.7): `Sun, 06 Nov 1994 08:49:37 GMT`.
  private static func httpDate(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return formatter.string(from: date)
  }

  private static func contentType(of path: String) -> String {
    path.lowercased().hasSuffix(".wav") ? "audio/wav" : "application/octet-stream"
  }
}
