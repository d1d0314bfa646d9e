import CatalogAPI
import Foundation
import HumbleSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The pages a server's answers said come next (`Link: <…>; rel="next"`, ``CatalogAPI/NextPageLink``), asked for
/// one page ahead of the caller.
///
/// A walk of the 100,000-track artist is a hundred pages, and a page's cursor is in its answer: asked for one after
/// another, the server and the client take turns, each idle while the other works. With the next page asked for
/// as soon as this one's head arrives, the server reads and writes it while the client reads this one.
///
/// - A page is read ahead only from an answer the caller asked for (or claimed): never more than one page ahead of
///   the caller, so a walk nobody follows any more costs the server one page, and the client at most
///   ``capacity`` answers.
/// - A read-ahead answer older than `maximumAge` when it is claimed is dropped and the page asked for again: the
///   caller gets the page as it is now, not as it was when an abandoned walk read it.
/// - A read-ahead that failed is asked again by its caller, so its failure is the caller's own, not an old one.
final class ReadAheads: Sendable {
  /// The most answers read ahead and not yet claimed that are kept; an older one is dropped for a new one.
  static let capacity = 4

  /// A request's address as read-ahead compares it: the path and the query's items, in any order.
  struct Address: Hashable, Sendable {
    let path: String
    let items: [String]

    /// The address of `url`; nil when it cannot be read as one.
    init?(_ url: URL) {
      guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return nil }
      path = components.percentEncodedPath
      items = (components.queryItems ?? []).map { "\($0.name)=\($0.value ?? "")" }.sorted()
    }
  }

  /// One page read ahead: its answer once it comes, and what it says comes after it.
  final class Page: Sendable {
    let address: Address
    let outcome = FirstOutcome<CatalogClient.Outcome>()
    let asked: ContinuousClock.Instant
    private struct State {
      var isClaimed = false
      var next: URL?
      var isNextStarted = false
      /// What the claiming caller said the next page is asked with (``ReadAheads/url(_:replacing:)``).
      var nextQuery: [URLQueryItem] = []

      /// The next page's address, as the caller will ask for it, once, when the page is claimed and its head has
      /// named it.
      mutating func takeNext() -> URL? {
        guard isClaimed, !isNextStarted, let next else { return nil }
        isNextStarted = true
        return ReadAheads.url(next, replacing: nextQuery)
      }
    }
    private let state = Locked(State())

    init(address: Address, asked: ContinuousClock.Instant) {
      self.address = address
      self.asked = asked
    }

    /// The page is the caller's now: the one after it is read ahead, once its address is known, with the query
    /// items the caller said it will ask for it with (`nextQuery`) in place of the server's.
    func claim(nextQuery: [URLQueryItem] = []) -> URL? {
      state.withLock { state in
        state.isClaimed = true
        state.nextQuery = nextQuery
        return state.takeNext()
      }
    }

    /// The page's head says `next` comes after it: read ahead once the page is claimed.
    func headArrived(next: URL?) -> URL? {
      state.withLock { state in
        state.next = next
        return state.takeNext()
      }
    }
  }

  private let pages = Locked<[Page]>([])

  /// A new read-ahead of `address`, or nil when one is already under way or kept.
  func add(_ address: Address, now: ContinuousClock.Instant = .now) -> Page? {
    pages.withLock { pages in
      guard !pages.contains(where: { $0.address == address }) else { return nil }
      let page = Page(address: address, asked: now)
      pages.append(page)
      if pages.count > Self.capacity { pages.removeFirst(pages.count - Self.capacity) }
      return page
    }
  }

  /// The read-ahead of `address`, taken out, if there is one younger than `maximumAge`.
  func claim(_ address: Address, maximumAge: Duration, now: ContinuousClock.Instant = .now) -> Page? {
    pages.withLock { pages in
      pages.removeAll { now - $0.asked > maximumAge }
      guard let index = pages.firstIndex(where: { $0.address == address }) else { return nil }
      return pages.remove(at: index)
    }
  }

  /// How many read-aheads are kept: for tests.
  var count: Int { pages.withLock(\.count) }

  /// Whether a read-ahead of `address` is under way or kept, unclaimed: for tests.
  func holds(_ address: Address) -> Bool { pages.withLock { $0.contains { $0.address == address } } }

  /// `url` with each of `items` in place of the query item of its name (added when there is none): the page the
  /// server named, as the caller will ask for it (a longer `limit` when its pages grow).
  static func url(_ url: URL, replacing items: [URLQueryItem]) -> URL {
    // RFC 3986's unreserved characters: a value with `&`, `=` or `+` in it stays one value.
    let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    guard !items.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url }
    var query = components.percentEncodedQueryItems ?? []
    for item in items {
      let encoded = URLQueryItem(
        name: item.name.addingPercentEncoding(withAllowedCharacters: unreserved) ?? item.name,
        value: item.value?.addingPercentEncoding(withAllowedCharacters: unreserved))
      if let index = query.firstIndex(where: { $0.name == encoded.name }) {
        query[index] = encoded
      } else {
        query.append(encoded)
      }
    }
    components.percentEncodedQueryItems = query
    return components.url ?? url
  }
}
