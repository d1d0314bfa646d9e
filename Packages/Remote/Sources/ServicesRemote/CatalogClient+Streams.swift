import Domain
import Foundation
import HumbleSupport

extension CatalogClient {
  /// The stream URL schemes a server may hand out: a `file:` URL (or any other) would point this device's
  /// downloads and players at its own files.
  static let remoteStreamSchemes: Set<String> = ["http", "https"]

  /// Returns `tracks` when every stream URL is `http` or `https`; otherwise the whole answer is refused, as an
  /// answer that cannot be used.
  static func requireRemoteStreams(_ tracks: [Track], in path: String) throws(RemoteFailure) -> [Track] {
    for track in tracks {
      if PlainHTTPURL.matches(track.streamURLString) { continue }
      guard let scheme = track.streamURL.scheme?.lowercased(), remoteStreamSchemes.contains(scheme) else {
        let url = String(track.streamURL.absoluteString.prefix(200))
        throw .failed(
          reason: "the server sent track '\(track.id.rawValue)' of \(path) with the stream URL \(url): a server's "
            + "streams must be http or https URLs".oneLine)
      }
    }
    return tracks
  }
}
