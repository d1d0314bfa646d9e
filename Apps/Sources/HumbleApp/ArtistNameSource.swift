import HumbleSupport
import Services

/// Every artist's name in the catalog, for Tab completion: loaded in the background, again after a failure,
/// and never mistaken for "no artist matches" while it is still on its way.
///
/// The line editor starts a load when its first prompt shows. A Tab that completes an artist name before the
/// names are there waits for them (``whenSettled(_:)`` says when) rather than completing nothing, and a Tab
/// after a failed load starts another and can tell the person why it failed.
public final class ArtistNameSource: Sendable {
  /// Where the names are.
  public enum Names: Equatable, Sendable {
    /// No load has started yet.
    case notLoaded
    /// A load is under way.
    case loading
    /// The catalog's artist names, in the catalog's order.
    case loaded([String])
    /// The last load failed; `reason` says why. ``startLoading()`` tries again.
    case failed(reason: String)
  }

  private struct State {
    var names = Names.notLoaded
    /// Called, once each, when the load under way ends.
    var waiters: [@Sendable () -> Void] = []
  }

  private let state = Locked(State())
  private let load: @Sendable () async throws(MusicAPIError) -> [String]

  /// A source that asks `musicAPI` for every artist.
  public init(musicAPI: any MusicAPI) {
    load = { () async throws(MusicAPIError) -> [String] in try await musicAPI.allArtists().map(\.name) }
  }

  /// Where the names are now.
  public var names: Names { state.withLock { $0.names } }

  /// Starts loading the names unless they are loaded or a load is under way.
  public func startLoading() {
    let starts = state.withLock { state in
      switch state.names {
      case .loaded, .loading: return false
      case .notLoaded, .failed:
        state.names = .loading
        return true
      }
    }
    guard starts else { return }
    // Detached: the load must not need the main actor, which a Tab waiting for it may be blocking.
    Task.detached { [load, state] in
      let outcome: Names
      do throws(MusicAPIError) {
        outcome = .loaded(try await load())
      } catch {
        outcome = .failed(reason: error.description)
      }
      let waiters = state.withLock { state in
        state.names = outcome
        defer { state.waiters = [] }
        return state.waiters
      }
      for waiter in waiters { waiter() }
    }
  }

  /// Calls `body` when no load is under way: at once if none is, else when the one under way ends (from
  /// whichever thread ends it).
  public func whenSettled(_ body: @escaping @Sendable () -> Void) {
    let now = state.withLock { state in
      guard state.names == .loading else { return true }
      state.waiters.append(body)
      return false
    }
    if now { body() }
  }
}
