import CatalogAPI
import Domain
import Foundation
import HTTPTypes
import Hummingbird

extension ServerRouter {
  func addStreamRoutes() {
    let state = state
    let files = FileIO()
    for method in [HTTPRequest.Method.get, .head] {
      on(method, CatalogAPI.Route.streamOfTrack.template) { request, context in
        let id = try RequestParsing.identifier(CatalogAPI.Route.streamOfTrack.parameter, context)
        let track = try await state.store.track(withID: Track.ID(id))
        let path = try Self.regularFile(of: track)
        let file = try Self.attributes(ofFileAt: path, track: track)
        let size = file.size
        var headers: HTTPFields = [
          .contentType: Self.contentType(of: path), .acceptRanges: "bytes", .eTag: file.entityTag,
          .lastModified: file.lastModified,
        ]
        for (name, field) in [("Range", HTTPField.Name.range), ("If-Range", .ifRange)] {
          if let value = request.headers[field], value.utf8.count > CatalogAPI.Limits.rangeHeaderBytes {
            throw ProblemError.badParameter(
              name, "The \(name) header is over \(CatalogAPI.Limits.rangeHeaderBytes) bytes.")
          }
        }
        // If-Range (RFC 9110 §13.1.5): a range of the file the client started from, else the whole new file.
        let ifRange = request.headers[.ifRange]
        let sameFile = ifRange == nil || ifRange == file.entityTag || ifRange == file.lastModified
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
        // FileIO reads the file in chunks as the client takes them; it is never all in memory.
        let body = try await files.loadFile(path: path, range: bytes, context: context)
        return Response(status: status, headers: headers, body: body)
      }
    }
  }

  /// The path of a track's file: only a `file://` stream URL naming a regular file is served.
  private static func regularFile(of track: Track) throws -> String {
    guard let url = URL(string: track.streamURLString), url.isFileURL else {
      throw ProblemError.notFound("Track '\(track.id)' has no file on this server.")
    }
    let path = url.resolvingSymlinksInPath().path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
      (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular
    else { throw ProblemError.notFound("Track '\(track.id)''s file is missing.") }
    return path
  }

  /// What identifies one version of a file: its size, a strong entity tag and its modification time.
  private struct FileVersion {
    var size: Int
    var entityTag: String
    var lastModified: String
  }

  private static func attributes(ofFileAt path: String, track: Track) throws -> FileVersion {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      let size = attributes[.size] as? NSNumber
    else {
      throw ProblemError.notFound("Track '\(track.id)''s file cannot be read.")
    }
    let modified = attributes[.modificationDate] as? Date ?? Date(timeIntervalSince1970: 0)
    // Size and modification time to the microsecond: a file rewritten in place gets a new tag.
    let microseconds = Int64((modified.timeIntervalSince1970 * 1_000_000).rounded())
    return FileVersion(
      size: size.intValue,
      entityTag: "\"\(String(size.intValue, radix: 16))-\(String(microseconds, radix: 16))\"",
      lastModified: httpDate(modified))
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
