import CatalogAPI
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOPosix
import ServicesLive

extension ServerRouter {
  /// What an artwork answer says about caching: any cache may keep it for a day.
  ///
  /// Then the cache asks again with `If-None-Match`. A cover changes only when the generator does, and its URL is its owner's for good.
  static let artworkCacheControl = "public, max-age=86400"

  /// `GET` and `HEAD /v1/artwork/{artworkID}`: the owner's cover as `image/png` with a strong entity tag, or
  /// `304 Not Modified` when `If-None-Match` holds it.
  func addArtworkRoutes() {
    let state = state
    for method in [HTTPRequest.Method.get, .head] {
      on(method, CatalogAPI.Route.artwork.template) { request, context in
        let owner = try RequestParsing.artworkOwner(CatalogAPI.Route.artwork.parameter, context)
        // The owner must exist before anything is generated or written: an unknown one is the store's 404.
        switch owner {
        case .artist(let id): _ = try await state.store.artist(withID: id)
        case .playlist(let id): _ = try await state.store.playlist(withID: id)
        }
        let folder = state.artworkFolder
        var logger = context.logger
        logger[metadataKey: "requestID"] = "\(context.id)"
        let cover = try await NIOThreadPool.singleton.runIfActive { [logger] in
          ServedCover(
            png: try folder.cover(of: owner) { problem in
              if problem.isError { logger.error("\(problem)") } else { logger.warning("\(problem)") }
            })
        }
        var headers: HTTPFields = [.eTag: cover.entityTag, .cacheControl: Self.artworkCacheControl]
        if EntityTagCondition.noneMatchIsSatisfied(
          by: request.headers[values: .ifNoneMatch], entityTag: cover.entityTag)
        {
          return Response(status: .notModified, headers: headers, body: ResponseBody())
        }
        headers[.contentType] = "image/png"
        headers[.contentLength] = String(cover.png.count)
        guard request.method == .get else { return Response(status: .ok, headers: headers, body: ResponseBody()) }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: cover.png)))
      }
    }
  }
}
