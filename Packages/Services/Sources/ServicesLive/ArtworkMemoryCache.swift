import Foundation
import HumbleSupport
import Services

/// Decoded artwork by URL, bounded in bytes of pixels: past the limit, the least recently used goes first.
///
/// Entries form a list from the most to the least recently used, linked through the dictionary by URL, so a hit, an
/// insertion and each eviction cost the same however many entries there are.
final class ArtworkMemoryCache: Sendable {
  private struct Entry {
    var artwork: Artwork
    /// The entry used just before this one (towards the most recent).
    var newer: URL?
    /// The entry used just after this one (towards the least recent).
    var older: URL?
  }

  private struct State {
    var entries: [URL: Entry] = [:]
    var newest: URL?
    var oldest: URL?
    var byteCount = 0

    mutating func unlink(_ url: URL) {
      guard let entry = entries[url] else { return }
      if let newer = entry.newer { entries[newer]?.older = entry.older } else { newest = entry.older }
      if let older = entry.older { entries[older]?.newer = entry.newer } else { oldest = entry.newer }
    }

    mutating func linkAsNewest(_ url: URL) {
      entries[url]?.newer = nil
      entries[url]?.older = newest
      if let newest { entries[newest]?.newer = url }
      newest = url
      if oldest == nil { oldest = url }
    }

    mutating func remove(_ url: URL) {
      unlink(url)
      if let removed = entries.removeValue(forKey: url) { byteCount -= removed.artwork.byteCount }
    }
  }

  /// The most bytes of pixels kept.
  let maximumBytes: Int
  private let state = Locked(State())

  init(maximumBytes: Int) {
    self.maximumBytes = maximumBytes
  }

  /// The artwork kept for `url`, which becomes the most recently used; nil when none is kept.
  func artwork(for url: URL) -> Artwork? {
    state.withLock { state in
      guard let artwork = state.entries[url]?.artwork else { return nil }
      state.unlink(url)
      state.linkAsNewest(url)
      return artwork
    }
  }

  /// Keeps `artwork` for `url` as the most recently used, evicting the least recently used past the limit; an
  /// artwork larger than the whole limit is not kept.
  func insert(_ artwork: Artwork, for url: URL) {
    state.withLock { state in
      state.remove(url)
      guard artwork.byteCount <= maximumBytes else { return }
      state.entries[url] = Entry(artwork: artwork)
      state.linkAsNewest(url)
      state.byteCount += artwork.byteCount
      while state.byteCount > maximumBytes, let oldest = state.oldest { state.remove(oldest) }
    }
  }

  /// The bytes of pixels kept.
  var byteCount: Int { state.withLock { $0.byteCount } }

  /// The URLs kept, from the most to the least recently used.
  var urlsByRecency: [URL] {
    state.withLock { state in
      var urls: [URL] = []
      var next = state.newest
      while let url = next {
        urls.append(url)
        next = state.entries[url]?.older
      }
      return urls
    }
  }
}
