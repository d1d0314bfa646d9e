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
      on(method, "/v1/tracks/{trackID}/stream") { request, context in
        let id = try RequestParsing.identifier("trackID", context)
        let track = try await state.store.track(withID: Track.ID(id))
        let path = try Self.regularFile(of: track)
        let size = try Self.size(ofFileAt: path, track: track)
        var headers: HTTPFields = [
          .contentType: Self.contentType(of: path), .acceptRanges: "bytes",
        ]
        let range = ByteRange(header: request.headers[.range], size: size)
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

  private static func size(ofFileAt path: String, track: Track) throws -> Int {
    guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber else {
      throw ProblemError.notFound("Track '\(track.id)''s file cannot be read.")
    }
    return size.intValue
  }

  private static func contentType(of path: String) -> String {
    path.lowercased().hasSuffix(".wav") ? "audio/wav" : "application/octet-stream"
  }
}
