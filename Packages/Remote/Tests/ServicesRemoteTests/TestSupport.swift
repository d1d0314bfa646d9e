import Foundation
import ServicesRemote

/// A configuration for tests: a short backoff, so a reconnection takes milliseconds, and a request timeout only
/// the timeout tests shorten (the whole workspace under the thread sanitizer on two cores answers slowly; the
/// suites' time limits catch a hang).
func testConfiguration(requestTimeout: Duration = .seconds(300)) -> RemoteConfiguration {
  RemoteConfiguration(
    requestTimeout: requestTimeout, feedBackoff: FeedBackoff(initial: .milliseconds(5), maximum: .milliseconds(40)))
}

extension AsyncStream {
  /// The first element from now on that satisfies `predicate`, or nil if the stream ends first.
  func first(where predicate: (Element) -> Bool) async -> Element? {
    for await element in self where predicate(element) { return element }
    return nil
  }
}

extension FeedState {
  /// Whether the feed has caught up with the server.
  var isConnected: Bool {
    if case .connected = self { return true }
    return false
  }

  /// Whether the feed is down.
  var isDisconnected: Bool {
    if case .disconnected = self { return true }
    return false
  }
}

extension RemoteServices {
  /// The favourites, once their feed has caught up with the server.
  func connectedFavourites() async throws -> RemoteFavouritesManager {
    let manager = try await openFavourites()
    _ = await manager.feedStates().first(where: \.isConnected)
    return manager
  }
}
