import CatalogAPI
import Domain
import Foundation
import HumbleSupport
import HumbleSupportTesting
import Services

/// A `humble-server` stand-in: a small in-memory catalog served over real HTTP as the OpenAPI document
/// describes it, one user's favourites with versions and a live feed, and faults injected per path.
final class StubCatalogServer: Sendable {
  static let token = "alice-token"

  struct Catalog: Sendable {
    var artists: [Artist] = []
    var tracks: [Artist.ID: [Track]] = [:]
    var related: [Artist.ID: [Artist.ID]] = [:]
    var playlists: [Playlist] = []
  }

  private struct State {
    var faults: [String: [StubFault]] = [:]
    var favourites: Set<Track.ID> = []
    var version = 0
    var feeds: [ObjectIdentifier: LoopbackConnection] = [:]
    var holdsFeeds = false
    var held: [DispatchSemaphore] = []
    var heldFeeds: [DispatchSemaphore] = []
    var replayOnConnect: [FavouriteChangeBody] = []
    var requests: [String] = []
    var feedCountWatchers: [AsyncStream<Int>.Continuation] = []

    /// Tells every watcher how many feeds are open; called under the lock, so counts arrive in order.
    func announceFeedCount() {
      for watcher in feedCountWatchers { watcher.yield(feeds.count) }
    }
  }

  /// Lets the HTTP server reach the stub without keeping it alive.
  private final class WeakReference: @unchecked Sendable {
    weak var server: StubCatalogServer?
  }

  let catalog: Catalog
  /// Whether a page of tracks that has a next one names it in a `Link` header, as `humble-server` does.
  let linksNextPages: Bool
  private let state = Locked(State())
  private let heldBroadcaster = ChangeBroadcaster<String>()
  private let http: LoopbackHTTPServer

  init(catalog: Catalog = .sample, linksNextPages: Bool = false) throws {
    self.catalog = catalog
    self.linksNextPages = linksNextPages
    let reference = WeakReference()
    http = try LoopbackHTTPServer { request, connection in reference.server?.handle(request, connection) }
    // No request can arrive before this: nobody knows the port yet.
    reference.server = self
  }

  /// Releases every held request and feed and closes every feed, so no connection thread outlives the test.
  func stop() {
    holdFeeds(false)
    releaseHeld()
    dropFeeds()
  }

  var baseURL: URL { http.baseURL }

  /// Paths (with queries) of the requests served so far, in arrival order.
  var requests: [String] { state.withLock { $0.requests } }

  /// A stream of the paths of requests as they are held, from now on.
  func heldRequests() -> AsyncStream<String> { heldBroadcaster.stream() }

  /// Makes the next requests for `path` meet `faults`, one each, in order.
  func inject(_ faults: StubFault..., into path: String) {
    state.withLock { $0.faults[path, default: []] += faults }
  }

  /// Sends every held answer.
  func releaseHeld() {
    let gates = state.withLock { state in
      defer { state.held = [] }
      return state.held
    }
    for gate in gates { gate.signal() }
  }

  /// Closes every open feed connection, as a server restart would.
  func dropFeeds() {
    let feeds = state.withLock { $0.feeds.values }
    for feed in feeds { feed.cut() }
  }

  /// The number of open feed connections now, then after every change: a test waits here for a client to
  /// connect or to let its connection go.
  func openFeedCounts() -> AsyncStream<Int> {
    let (stream, continuation) = AsyncStream<Int>.makeStream(bufferingPolicy: .unbounded)
    state.withLock { state in
      continuation.yield(state.feeds.count)
      state.feedCountWatchers.append(continuation)
    }
    return stream
  }

  /// Holds (or stops holding and lets through) every new feed connection before it is answered, faults
  /// included; each held one is announced on ``heldRequests()``.
  func holdFeeds(_ holds: Bool) {
    let gates = state.withLock { state in
      state.holdsFeeds = holds
      defer { if !holds { state.heldFeeds = [] } }
      return holds ? [] : state.heldFeeds
    }
    for gate in gates { gate.signal() }
  }

  /// Sends `events` on every new feed right after `ready`, as a server replaying history would.
  func replayOnConnect(_ events: [FavouriteChangeBody]) {
    state.withLock { $0.replayOnConnect = events }
  }

  /// Changes the user's favourites as another client would, sending the change on every open feed.
  @discardableResult func setFavourite(_ isFavourited: Bool, _ trackID: Track.ID) -> FavouriteChangeBody {
    state.withLock { state in
      let isChange = isFavourited ? state.favourites.insert(trackID).inserted : state.favourites.remove(trackID) != nil
      if isChange { state.version += 1 }
      let change = FavouriteChangeBody(trackID: trackID, isFavourited: isFavourited, version: state.version)
      if isChange {
        for feed in state.feeds.values {
          feed.send(Self.event(CatalogAPI.FeedEvent.favourite, id: change.version, change))
        }
      }
      return change
    }
  }

  /// Sends `text` as it is on every open feed, as a server that breaks the event format would.
  func sendOnFeeds(_ text: String) {
    state.withLock { state in
      for feed in state.feeds.values { feed.send(Array(text.utf8)) }
    }
  }

  /// The favourites' version now.
  var favouritesVersion: Int { state.withLock { $0.version } }

  private func handle(_ request: LoopbackRequest, _ connection: LoopbackConnection) {
    let target = request.path + (request.query.isEmpty ? "" : "?" + request.query.keys.sorted().joined(separator: "&"))
    let fault = state.withLock { state -> StubFault? in
      state.requests.append(target)
      guard var faults = state.faults[request.path], !faults.isEmpty else { return nil }
      let fault = faults.removeFirst()
      state.faults[request.path] = faults
      return fault
    }
    let isFeed = request.segments == ["v1", "me", "favourites", "events"]
    if isFeed { waitWhileFeedsAreHeld(request.path) }
    if isFeed, fault == nil || fault == .pass {
      return serveFeed(request, connection)
    }
    if isFeed, case .contentType(let type)? = fault {
      return connection.respond(status: 200, contentType: type, body: Data("event: ready\ndata: {}\n\n".utf8))
    }
    // Only the faults that answer with the route's body do its work: a refused PUT changes nothing.
    let answer = { () -> (status: Int, contentType: String, body: Data) in
      let (status, body) = self.route(request)
      let isSuccess = (200..<300).contains(status)
      return (status, isSuccess ? CatalogJSON.contentType : CatalogJSON.problemContentType, body)
    }
    switch fault {
    case nil, .pass?:
      let (status, contentType, body) = answer()
      connection.respond(status: status, contentType: contentType, headers: nextPageLink(request), body: body)
    case .hold?:
      let (status, contentType, body) = answer()
      let gate = DispatchSemaphore(value: 0)
      state.withLock { $0.held.append(gate) }
      heldBroadcaster.send(request.path)
      gate.wait()
      connection.respond(status: status, contentType: contentType, headers: nextPageLink(request), body: body)
    case .malformedJSON(let text)?:
      connection.respond(status: 200, contentType: CatalogJSON.contentType, body: Data(text.utf8))
    case .contentType(let type)?:
      let (status, _, body) = answer()
      connection.respond(status: status, contentType: type, body: body)
    case .status(let code, let detail?)?:
      let problem = Problem(status: code, title: "Problem", detail: detail, instance: request.path)
      connection.respond(status: code, contentType: CatalogJSON.problemContentType, body: Self.encode(problem))
    case .status(let code, nil)?:
      connection.respond(status: code, contentType: "text/plain", body: Data("upstream broke\n".utf8))
    case .closeWithoutAnswer?:
      break
    case .redirect(let location)?:
      let head = "HTTP/1.1 302 Found\r\nLocation: \(location)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
      connection.send(Array(head.utf8))
    case .endlessBody(let announcedLength)?:
      let length = announcedLength.map { "Content-Length: \($0)\r\n" } ?? ""
      let head = "HTTP/1.1 200 OK\r\nContent-Type: \(CatalogJSON.contentType)\r\n\(length)Connection: close\r\n\r\n"
      let chunk = [UInt8](repeating: UInt8(ascii: " "), count: 16_384)
      // Ends when the client stops reading and closes the connection: sending fails then.
      guard connection.send(Array(head.utf8)) else { return }
      while connection.send(chunk) {}
    case .cutShort?:
      let (status, contentType, body) = answer()
      let head = "HTTP/1.1 \(status) OK\r\nContent-Type: \(contentType)\r\nContent-Length: \(body.count)\r\n\r\n"
      connection.send(Array(head.utf8) + Array(body.prefix(body.count / 2)))
    }
  }

  private func serveFeed(_ request: LoopbackRequest, _ connection: LoopbackConnection) {
    guard request.headers["authorization"] == "Bearer \(Self.token)" else {
      let (status, body) = Self.problem(401, "no valid bearer token", request.path)
      return connection.respond(status: status, contentType: CatalogJSON.problemContentType, body: body)
    }
    let head =
      "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n"
    let id = ObjectIdentifier(connection)
    // Registered under the lock that orders changes, so no change falls between `ready` and the first event.
    let opened = state.withLock { state in
      guard
        connection.send(
          Array(head.utf8) + Self.event(CatalogAPI.FeedEvent.ready, id: nil, FeedReadyBody(version: state.version)))
      else { return false }
      for change in state.replayOnConnect {
        connection.send(Self.event(CatalogAPI.FeedEvent.favourite, id: change.version, change))
      }
      connection.send(Array(": keep-alive\n\n".utf8))
      state.feeds[id] = connection
      state.announceFeedCount()
      return true
    }
    guard opened else { return }
    // The connection stays open until the client or `dropFeeds()` ends it: reading returns then.
    connection.waitUntilClosed()
    state.withLock { state in
      state.feeds.removeValue(forKey: id)
      state.announceFeedCount()
    }
  }

  private func waitWhileFeedsAreHeld(_ path: String) {
    let gate: DispatchSemaphore? = state.withLock { state in
      guard state.holdsFeeds else { return nil }
      let gate = DispatchSemaphore(value: 0)
      state.heldFeeds.append(gate)
      return gate
    }
    guard let gate else { return }
    heldBroadcaster.send(path)
    gate.wait()
  }

  private func route(_ request: LoopbackRequest) -> (Int, Data) {
    let segments = request.segments
    switch (request.method, segments.count, segments.first == "v1" ? segments.dropFirst().first : nil) {
    case ("GET", 2, "artists"):
      let query = request.query["query"].map(SearchFolding.fold)
      let artists = catalog.artists.filter { query == nil || SearchFolding.fold($0.name).contains(query!) }
      return (
        200,
        Self.encode(ArtistList(artists: artists.sorted { SearchFolding.fold($0.name) < SearchFolding.fold($1.name) }))
      )
    case ("GET", 3, "artists"):
      guard let artist = artist(segments[2]) else {
        return Self.problem(404, "no artist '\(segments[2])'", request.path)
      }
      return (200, Self.encode(artist))
    case ("GET", 4, "artists"):
      guard let artist = artist(segments[2]) else {
        return Self.problem(404, "no artist '\(segments[2])'", request.path)
      }
      return artistList(segments[3], of: artist, request)
    case ("POST", 2, "track-lookup"):
      guard let lookup = try? CatalogJSON.decoder().decode(TrackLookup.self, from: request.body),
        (1...CatalogAPI.Limits.tracksPerLookup).contains(lookup.ids.count)
      else { return Self.problem(400, "a lookup of 1 to 100 ids", request.path) }
      let all = catalog.tracks.keys.sorted().flatMap { catalog.tracks[$0] ?? [] }
      let found = lookup.ids.uniquedKeepingOrder().compactMap { id in all.first { $0.id.rawValue == id } }
      return (200, Self.encode(TrackList(tracks: found)))
    case ("GET", 3, "playlists"):
      guard let playlist = catalog.playlists.first(where: { $0.id.rawValue == segments[2] }) else {
        return Self.problem(404, "no playlist '\(segments[2])'", request.path)
      }
      return (200, Self.encode(playlist))
    case (_, _, "me"):
      return favourites(request)
    default:
      return Self.problem(404, "no route \(request.method) \(request.path)", request.path)
    }
  }

  /// The `Link` header naming the page after the one `request` asks for, when the stub links pages and there is
  /// one: the same limit and order, at the offset after this page.
  private func nextPageLink(_ request: LoopbackRequest) -> [(name: String, value: String)] {
    guard linksNextPages, request.method == "GET", request.segments.count == 4, request.segments[3] == "tracks",
      let artist = artist(request.segments[2]), let offset = Int(request.query["offset"] ?? "0"),
      let limit = Int(request.query["limit"] ?? "\(TrackPageRequest.defaultLimit)"), offset >= 0, limit >= 1
    else { return [] }
    let next = offset + min(limit, TrackPageRequest.maximumLimit)
    guard next < catalog.tracks[artist.id, default: []].count else { return [] }
    let sort = request.query["sort"] ?? "catalog"
    let target = "\(baseURL.absoluteString)\(request.path)?offset=\(next)&limit=\(limit)&sort=\(sort)"
    return [(CatalogAPI.NextPageLink.headerName, "<\(target)>; rel=\"next\"")]
  }

  private func artist(_ id: String) -> Artist? {
    catalog.artists.first { $0.id.rawValue == id }
  }

  private func artistList(_ list: String, of artist: Artist, _ request: LoopbackRequest) -> (Int, Data) {
    switch list {
    case "tracks":
      let offset = request.query["offset"].map { Int($0) ?? -1 } ?? 0
      let limit = request.query["limit"].map { Int($0) ?? -1 } ?? TrackPageRequest.defaultLimit
      guard offset >= 0 else { return Self.problem(400, "offset must be a whole number from 0", request.path) }
      guard limit >= 1 else { return Self.problem(400, "limit must be a whole number from 1", request.path) }
      guard let order = TrackOrder(rawValue: request.query["sort"] ?? "catalog") else {
        return Self.problem(400, "sort must be one of the documented orders", request.path)
      }
      let all = order.sorted(catalog.tracks[artist.id] ?? [])
      let start = min(offset, all.count)
      let end = min(start + min(limit, TrackPageRequest.maximumLimit), all.count)
      return (
        200, Self.encode(TrackPageBody(TrackPage(tracks: Array(all[start..<end]), offset: offset, total: all.count)))
      )
    case "related":
      let related = (catalog.related[artist.id] ?? []).compactMap { self.artist($0.rawValue) }
      return (200, Self.encode(ArtistList(artists: related)))
    case "playlists":
      let featuring = catalog.playlists.filter { $0.tracks.contains { $0.artistID == artist.id } }
      return (200, Self.encode(PlaylistList(playlists: featuring.sorted { $0.name < $1.name })))
    default:
      return Self.problem(404, "no route \(request.method) \(request.path)", request.path)
    }
  }

  private func favourites(_ request: LoopbackRequest) -> (Int, Data) {
    guard request.headers["authorization"] == "Bearer \(Self.token)" else {
      return Self.problem(401, "no valid bearer token", request.path)
    }
    switch (request.method, request.segments.count) {
    case ("GET", 3):
      return state.withLock { state in
        (200, Self.encode(FavouritesBody(trackIDs: state.favourites.sorted(), version: state.version)))
      }
    case ("PUT", 4), ("DELETE", 4):
      let trackID = Track.ID(request.segments[3])
      guard request.method == "DELETE" || catalog.tracks.values.joined().contains(where: { $0.id == trackID }) else {
        return Self.problem(404, "no track '\(trackID.rawValue)'", request.path)
      }
      return (200, Self.encode(setFavourite(request.method == "PUT", trackID)))
    default:
      return Self.problem(404, "no route \(request.method) \(request.path)", request.path)
    }
  }

  private static func event(_ name: String, id: Int?, _ body: some Encodable) -> [UInt8] {
    let data = String(decoding: encode(body), as: UTF8.self)
    return Array(("event: \(name)\n" + (id.map { "id: \($0)\n" } ?? "") + "data: \(data)\n\n").utf8)
  }

  private static func problem(_ status: Int, _ detail: String, _ path: String) -> (Int, Data) {
    (status, encode(Problem(status: status, title: "Problem", detail: detail, instance: path)))
  }

  private static func encode(_ value: some Encodable) -> Data {
    (try? CatalogJSON.encoder().encode(value)) ?? Data()
  }
}
