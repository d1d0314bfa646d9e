import CatalogAPI
import Domain
import Foundation
import HumbleSupport
import Services

/// The ``MusicAPI`` of a `humble-server`, over HTTP.
///
/// Every failure is a ``MusicAPIError``: `artistNotFound` for an artist the server does not know,
/// `cancelled` when the calling task is cancelled, and `unavailable` with one line saying what happened.
public struct RemoteMusicAPI: MusicAPI {
  let client: CatalogClient

  /// Every track of the artist in catalog order, fetched page by page at the largest page size, each page after
  /// the previous one's cursor (by offset from a server that hands out none).
  public func tracks(ofArtist artistID: Artist.ID) async throws(MusicAPIError) -> [Track] {
    let path = CatalogAPI.Path.tracks(ofArtist: artistID.rawValue)
    var collected: [Track] = []
    var request = TrackPageRequest(offset: 0, limit: TrackPageRequest.maximumLimit, order: .catalog)
    var counted: Int?
    while true {
      let page = try await tracks(ofArtist: artistID, page: request)
      collected += page.tracks
      counted = counted ?? page.total
      // Each page holds at least one track, and a server that keeps handing out pages past its count would
      // make this loop for ever.
      if let counted, collected.count > counted {
        throw .unavailable(
          reason: "the server's pages of \(path) held more than the \(counted) tracks it counts".oneLine)
      }
      if let cursor = page.nextCursor {
        request = TrackPageRequest(after: cursor, offset: collected.count, limit: TrackPageRequest.maximumLimit)
      } else if let next = page.nextOffset {
        request = TrackPageRequest(offset: next, limit: TrackPageRequest.maximumLimit, order: .catalog)
      } else {
        guard collected.count == page.total else {
          throw .unavailable(
            reason: "the server's pages of \(path) held \(collected.count) tracks, but it counts \(page.total)".oneLine)
        }
        return collected
      }
    }
  }

  /// One page of the artist's tracks in the requested order: after the request's cursor (`after`), or at its
  /// offset.
  public func tracks(ofArtist artistID: Artist.ID, page: TrackPageRequest) async throws(MusicAPIError) -> TrackPage {
    guard CatalogAPI.Identifier.canName(artistID.rawValue) else { throw .artistNotFound(artistID) }
    let path = CatalogAPI.Path.tracks(ofArtist: artistID.rawValue)
    var query = [
      URLQueryItem(name: "offset", value: String(page.offset)),
      URLQueryItem(name: "limit", value: String(page.limit)),
    ]
    // A cursor carries its order (the server reads no `sort` beside it): the request is then the page the previous
    // one's `Link` header names, and can be answered by reading it ahead.
    if let cursor = page.after {
      query.append(URLQueryItem(name: "after", value: cursor.encoded))
    } else {
      query.append(URLQueryItem(name: "sort", value: page.order.rawValue))
    }
    let body: TrackPageBody
    do {
      // The next page, read ahead, is read at the length the caller will ask for.
      let nextQuery = page.nextLimit.map { [URLQueryItem(name: "limit", value: String($0))] } ?? []
      body = try await client.get(path, query: query, nextQuery: nextQuery, decode: TrackPageBody.init(json:))
      _ = try CatalogClient.requireRemoteStreams(body.tracks, in: path)
    } catch {
      throw error.musicAPIError(notFound: .artistNotFound(artistID))
    }
    // A server that points the next page back at this one would make `tracks(ofArtist:)` loop for ever.
    if let next = body.nextOffset, next <= body.offset || body.tracks.isEmpty {
      throw .unavailable(reason: "the server sent a page of \(path) whose next page starts at \(next), not after it")
    }
    if body.nextCursor != nil, body.tracks.isEmpty || body.nextCursor == page.after?.encoded {
      throw .unavailable(reason: "the server sent a page of \(path) whose next page starts where it did")
    }
    return body.page
  }

  /// The artist with this identifier.
  public func artist(withID artistID: Artist.ID) async throws(MusicAPIError) -> Artist {
    guard CatalogAPI.Identifier.canName(artistID.rawValue) else { throw .artistNotFound(artistID) }
    do {
      return try await client.get(Artist.self, CatalogAPI.Path.artist(artistID.rawValue))
    } catch {
      throw error.musicAPIError(notFound: .artistNotFound(artistID))
    }
  }

  /// Artists whose names contain `query`, ignoring case and diacritics, ordered by name.
  public func artists(matching query: String) async throws(MusicAPIError) -> [Artist] {
    // The embedded catalog answers these without complaint: an empty query matches every artist, and no
    // name holds a NUL.
    if query.isEmpty { return try await allArtists() }
    if query.containsNUL { return [] }
    let limit = CatalogAPI.Limits.queryCharacters
    guard query.unicodeScalars.count > limit else { return try await search(query) }
    // The server takes at most `limit` Unicode scalars; every name that contains the whole query contains its
    // beginning, so the server's answer for that, filtered here, is the answer for the whole query. The
    // beginning is cut between characters, never inside one.
    var beginning = ""
    var scalars = 0
    for character in query {
      scalars += character.unicodeScalars.count
      guard scalars <= limit else { break }
      beginning.append(character)
    }
    let folded = SearchFolding.fold(query)
    return try await search(beginning).filter { SearchFolding.fold($0.name).contains(folded) }
  }

  /// Every artist, ordered by name.
  public func allArtists() async throws(MusicAPIError) -> [Artist] {
    do {
      return try await client.get(ArtistList.self, CatalogAPI.Path.artists).artists
    } catch {
      throw error.musicAPIError()
    }
  }

  /// Related artists, most related first.
  public func relatedArtists(of artistID: Artist.ID) async throws(MusicAPIError) -> [Artist] {
    guard CatalogAPI.Identifier.canName(artistID.rawValue) else { throw .artistNotFound(artistID) }
    do {
      return try await client.get(ArtistList.self, CatalogAPI.Path.related(toArtist: artistID.rawValue)).artists
    } catch {
      throw error.musicAPIError(notFound: .artistNotFound(artistID))
    }
  }

  /// The tracks with these identifiers, in the order asked, each once; identifiers the server does not know are
  /// left out.
  ///
  /// They are looked up with `POST /v1/track-lookup`, ``CatalogAPI/Limits/tracksPerLookup`` at a time: 250
  /// favourites are three requests.
  public func tracks(withIDs trackIDs: [Track.ID]) async throws(MusicAPIError) -> [Track] {
    let wanted = trackIDs.map(\.rawValue).filter(CatalogAPI.Identifier.canName).uniquedKeepingOrder()
    var tracks: [Track] = []
    for start in stride(from: 0, to: wanted.count, by: CatalogAPI.Limits.tracksPerLookup) {
      let batch = Array(wanted[start..<min(start + CatalogAPI.Limits.tracksPerLookup, wanted.count)])
      let body: Data
      do {
        body = try CatalogJSON.encoder().encode(TrackLookup(ids: batch))
      } catch {
        throw .unavailable(reason: "the track lookup could not be encoded: \(error)")
      }
      do throws(RemoteFailure) {
        var request = try client.request("POST", CatalogAPI.Path.trackLookup)
        request.setValue(CatalogJSON.contentType, forHTTPHeaderField: "Content-Type")
        request.httpBody = body
        tracks += try CatalogClient.requireRemoteStreams(
          try await client.send(TrackList.self, request, path: CatalogAPI.Path.trackLookup).tracks,
          in: CatalogAPI.Path.trackLookup)
      } catch {
        throw error.musicAPIError()
      }
    }
    return tracks
  }

  private func search(_ query: String) async throws(MusicAPIError) -> [Artist] {
    do {
      return try await client.get(
        ArtistList.self, CatalogAPI.Path.artists, query: [URLQueryItem(name: "query", value: query)]
      ).artists
    } catch {
      throw error.musicAPIError()
    }
  }
}
