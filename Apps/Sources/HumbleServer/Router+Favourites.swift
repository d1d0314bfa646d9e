import CatalogAPI
import Domain
import Foundation
import HTTPTypes
import HumbleSupport
import Hummingbird
import NIOCore

extension ServerRouter {
  func addFavouritesRoutes() {
    let state = state
    on(.get, CatalogAPI.Path.favourites) { request, _ in
      let user = try await Self.authenticate(request, state: state)
      let favourites = try await state.store.favourites(of: user)
      return try JSONResponse.make(FavouritesBody(trackIDs: favourites.trackIDs, version: favourites.version))
    }
    for (method, isFavourited) in [(HTTPRequest.Method.put, true), (.delete, false)] {
      on(method, CatalogAPI.Route.favourite.template) { request, context in
        let user = try await Self.authenticate(request, state: state)
        let id = try RequestParsing.identifier(CatalogAPI.Route.favourite.parameter, context)
        let change = try await state.store.setFavourited(isFavourited, trackID: Track.ID(id), for: user)
        return try JSONResponse.make(
          FavouriteChangeBody(trackID: change.trackID, isFavourited: change.isFavourited, version: change.version))
      }
    }
    on(.get, CatalogAPI.Path.favouriteEvents) { request, context in
      let (user, tokenHash) = try await Self.authenticatedToken(request, state: state)
      return try await Self.feed(
        of: user, tokenHash: tokenHash, clientGone: context.clientGone(), state: state)
    }
  }

  /// The user a request's bearer token belongs to; a 401 problem when there is no token or it is unknown.
  static func authenticate(_ request: Request, state: ServerState) async throws -> ServerUser {
    try await authenticatedToken(request, state: state).user
  }

  /// The user a request's bearer token belongs to and the token's hash; a 401 problem when there is no token or
  /// it is unknown (or revoked).
  static func authenticatedToken(
    _ request: Request, state: ServerState
  ) async throws -> (user: ServerUser, tokenHash: String) {
    let challenge: HTTPFields = [.wwwAuthenticate: "Bearer"]
    guard let header = request.headers[.authorization] else {
      throw ProblemError(
        status: .unauthorized, detail: "The request has no bearer token (Authorization: Bearer TOKEN).",
        headers: challenge)
    }
    let parts = header.split(separator: " ", maxSplits: 1)
    guard parts.count == 2, parts[0].lowercased() == "bearer", !parts[1].isEmpty else {
      throw ProblemError(
        status: .unauthorized, detail: "The Authorization header is not 'Bearer TOKEN'.", headers: challenge)
    }
    let tokenHash = Tokens.hash(parts[1].trimmingCharacters(in: .whitespaces))
    guard let user = try await state.store.user(withTokenHash: tokenHash) else {
      throw ProblemError(
        status: .unauthorized, detail: "The bearer token is not one this server knows.", headers: challenge)
    }
    return (user, tokenHash)
  }

  /// The server-sent events of a user's favourite changes: `ready`, then one `favourite` per change.
  private static func feed(
    of user: ServerUser, tokenHash: String, clientGone: EventLoopFuture<Void>, state: ServerState
  ) async throws -> Response {
    // Opened before the version is read: no change after `ready` can be missed. The registry routes this user's
    // changes (and keep-alives) to the feed; it ends the feed when the store stops hearing changes (a database
    // connection dropped), when the feed falls behind its bounded queue (its client reconnects and reads the
    // state again), or when its token is revoked.
    let items: AsyncStream<FeedItem>
    let continuation: AsyncStream<FeedItem>.Continuation
    do {
      (items, continuation) = try state.feeds.open(for: user, tokenHash: tokenHash)
    } catch {
      // One keep-alive interval in whole seconds, rounded up: by then a feed whose client went away has ended.
      let interval = state.keepAliveInterval.components
      let seconds = max(1, Int(interval.seconds) + (interval.attoseconds > 0 ? 1 : 0))
      throw ProblemError(
        status: .tooManyRequests,
        detail: "You have \(error.limit) favourites feeds open, the most this server allows one user: close one first.",
        headers: [.retryAfter: String(seconds)])
    }
    // A client that goes away ends its feed at once, not at the next keep-alive that fails to reach it.
    clientGone.whenComplete { _ in continuation.finish() }
    let ready: Int
    do {
      ready = try await state.store.favourites(of: user).version
    } catch {
      continuation.finish()
      throw error
    }
    let headers: HTTPFields = [.contentType: CatalogJSON.eventStreamContentType, .cacheControl: "no-cache"]
    return Response(
      status: .ok, headers: headers,
      body: ResponseBody { writer in
        defer { continuation.finish() }
        try await writer.write(Self.event(CatalogAPI.FeedEvent.ready, id: nil, FeedReadyBody(version: ready)))
        for await item in items {
          switch item {
          case .favourite(let event):
            guard event.version > ready else { continue }
            let body = FavouriteChangeBody(
              trackID: event.trackID, isFavourited: event.isFavourited, version: event.version)
            try await writer.write(Self.event(CatalogAPI.FeedEvent.favourite, id: event.version, body))
          case .keepAlive(let slot):
            slot.empty()
            try await writer.write(ByteBuffer(string: ": keep-alive\n\n"))
          }
        }
        try await writer.finish(nil)
      })
  }

  private static func event(_ name: String, id: Int?, _ data: some Encodable) throws -> ByteBuffer {
    let json = String(decoding: try CatalogJSON.encoder().encode(data), as: UTF8.self)
    let idLine = id.map { "id: \($0)\n" } ?? ""
    return ByteBuffer(string: "event: \(name)\n\(idLine)data: \(json)\n\n")
  }
}
