import CatalogAPI
import Domain
import Foundation
import HTTPTypes
import Hummingbird

/// The endpoints of the API, registered on a router and recorded in ``ServerRoutes``.
struct ServerRouter {
  let state: ServerState
  let router: Router<ServerRequestContext>
  let recorder = RouteRecorder()

  var routes: ServerRoutes { recorder.routes }

  init(state: ServerState) {
    self.state = state
    router = Router(context: ServerRequestContext.self)
  }

  /// Registers a handler for a method and an OpenAPI path template (`{name}` parameters).
  func on(
    _ method: HTTPRequest.Method, _ template: String,
    _ handler: @escaping @Sendable (Request, ServerRequestContext) async throws -> Response
  ) {
    recorder.record(method, template)
    let hummingbirdPath = template.split(separator: "/", omittingEmptySubsequences: false).map { segment in
      segment.hasPrefix("{") ? ":" + segment.dropFirst().dropLast() : String(segment)
    }.joined(separator: "/")
    router.on(RouterPath(hummingbirdPath), method: method, use: handler)
  }

  func addCatalogRoutes() {
    let state = state
    on(.get, CatalogAPI.Path.artists) { request, _ in
      let artists =
        if let query = try RequestParsing.searchQuery(request) {
          try await state.store.artists(matching: query)
        } else {
          try await state.store.allArtists()
        }
      return try JSONResponse.make(ArtistList(artists: JSONResponse.served(artists, state: state)))
    }
    on(.get, CatalogAPI.Route.artist.template) { _, context in
      let id = try RequestParsing.identifier(CatalogAPI.Route.artist.parameter, context)
      let artist = try await state.store.artist(withID: Artist.ID(id))
      return try JSONResponse.make(JSONResponse.served([artist], state: state)[0])
    }
    on(.get, CatalogAPI.Route.tracksOfArtist.template) { request, context in
      let id = try RequestParsing.identifier(CatalogAPI.Route.tracksOfArtist.parameter, context)
      let page = try RequestParsing.trackPage(request)
      // Written straight into the response's bytes, each stream URL this server's as it is written, by the store
      // where it can (``CatalogStore/writeTracks(ofArtist:page:with:)``).
      let writer = TrackPageWriter(
        streamURLsAt: state.publicBase, route: CatalogAPI.Route.streamOfTrack, capacity: page.limit)
      let written = try await state.store.writeTracks(ofArtist: Artist.ID(id), page: page, with: writer)
      var response = JSONResponse.make(written)
      if let cursor = written.nextCursor {
        // The next page's address in the head, ahead of the body: a client can ask for it while it reads this one.
        response.headers[.link] = CatalogAPI.NextPageLink.value(
          base: state.publicBase, path: CatalogAPI.Path.tracks(ofArtist: id), after: cursor,
          offset: written.offset + written.count, limit: page.limit)
      }
      return response
    }
    on(.get, CatalogAPI.Route.relatedToArtist.template) { _, context in
      let id = try RequestParsing.identifier(CatalogAPI.Route.relatedToArtist.parameter, context)
      let artists = try await state.store.relatedArtists(of: Artist.ID(id))
      return try JSONResponse.make(ArtistList(artists: JSONResponse.served(artists, state: state)))
    }
    on(.get, CatalogAPI.Route.playlistsFeaturingArtist.template) { _, context in
      let id = try RequestParsing.identifier(CatalogAPI.Route.playlistsFeaturingArtist.parameter, context)
      let playlists = try await state.store.playlists(featuring: Artist.ID(id)).map { playlist in
        JSONResponse.served(playlist, state: state)
      }
      return JSONResponse.make(bytes: try PlaylistList(playlists: playlists).json())
    }
    on(.get, CatalogAPI.Route.playlist.template) { _, context in
      let id = try RequestParsing.identifier(CatalogAPI.Route.playlist.parameter, context)
      let playlist = try await state.store.playlist(withID: Playlist.ID(id))
      return try JSONResponse.make(JSONResponse.served(playlist, state: state))
    }
    on(.post, CatalogAPI.Path.trackLookup) { request, _ in
      let ids = try await RequestParsing.trackLookup(request).map { Track.ID($0) }
      let tracks = try await state.store.tracks(withIDs: ids)
      return try JSONResponse.make(TrackList(tracks: JSONResponse.served(tracks, state: state)))
    }
    on(.get, CatalogAPI.Route.track.template) { _, context in
      let id = try RequestParsing.identifier(CatalogAPI.Route.track.parameter, context)
      let track = try await state.store.track(withID: Track.ID(id))
      return try JSONResponse.make(JSONResponse.served([track], state: state)[0])
    }
    on(.get, CatalogAPI.Path.openAPIDocument) { _, _ in
      let document = try CatalogAPI.openAPIDocument
      return Response(
        status: .ok, headers: [.contentType: CatalogJSON.contentType],
        body: ResponseBody(byteBuffer: ByteBuffer(bytes: document)))
    }
  }
}

/// JSON bodies, and tracks, artists and playlists as a client sees them (streamed from this server, their
/// artwork served by it).
enum JSONResponse {
  static func make(_ value: some Encodable) throws -> Response {
    let body = try CatalogJSON.encoder().encode(value)
    return Response(
      status: .ok, headers: [.contentType: CatalogJSON.contentType],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
  }

  /// A written page of tracks, its parts copied once into the response's buffer.
  static func make(_ page: WrittenTrackPage) -> Response {
    var buffer = ByteBuffer()
    buffer.reserveCapacity(page.byteCount)
    buffer.writeBytes(page.head)
    buffer.writeBytes(page.tracks)
    buffer.writeBytes(WrittenTrackPage.tail)
    return Response(
      status: .ok, headers: [.contentType: CatalogJSON.contentType], body: ResponseBody(byteBuffer: buffer))
  }

  /// A JSON body already written.
  static func make(bytes: [UInt8]) -> Response {
    Response(
      status: .ok, headers: [.contentType: CatalogJSON.contentType],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
  }

  /// Tracks whose stream URLs are this server's (``streamURL(of:state:)``).
  static func served(_ tracks: [Track], state: ServerState) -> [Track] {
    tracks.map { track in
      var track = track
      track.streamURLString = streamURL(of: track, state: state)
      return track
    }
  }

  /// The track's stream URL as this server serves it: `/v1/tracks/{trackID}/stream` at its public URL (never the
  /// request's Host header, which a client or a proxy in front of a cache could forge).
  static func streamURL(of track: Track, state: ServerState) -> String {
    state.publicBase + CatalogAPI.Path.stream(ofTrack: track.id.rawValue)
  }

  /// A playlist whose tracks' stream URLs and artwork URL are this server's.
  static func served(_ playlist: Playlist, state: ServerState) -> Playlist {
    var playlist = playlist
    playlist.tracks = served(playlist.tracks, state: state)
    if let url = artworkURL(of: .playlist(playlist.id), state: state) { playlist.artworkURL = url }
    return playlist
  }

  /// Artists whose image URLs are their artwork on this server: every artist has one.
  static func served(_ artists: [Artist], state: ServerState) -> [Artist] {
    artists.map { artist in
      var artist = artist
      artist.imageURL = artworkURL(of: .artist(artist.id), state: state) ?? artist.imageURL
      return artist
    }
  }

  /// The owner's artwork as this server serves it: `/v1/artwork/{artworkID}` at its public URL.
  ///
  /// Built as stream URLs are (``streamURL(of:state:)``), whatever URL the store holds; the answers of both stores
  /// pass through here, so neither rewrites it itself.
  static func artworkURL(of owner: CatalogAPI.ArtworkOwner, state: ServerState) -> URL? {
    URL(string: state.publicBase + CatalogAPI.Path.artwork(owner.artworkID))
  }
}
