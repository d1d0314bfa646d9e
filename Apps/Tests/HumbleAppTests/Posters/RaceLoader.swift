import Foundation
import Services

/// The stale-picture race's loader: every call waits until the test releases its URL, in whatever order the test
/// picks, and a call whose task was cancelled meanwhile answers late (its artwork, as if the loader had not seen the
/// cancellation in time) or throws `cancelled`, as the test says.
///
/// `MockArtworkLoader` holds calls too, but a held call whose task is cancelled throws at once: with it, an answer
/// lands after reuse only in the instant between a release and the cell's next turn on the main actor, which a test
/// cannot pick. This loader makes that late answer on purpose. It lives on the main actor, as the grid does, and
/// the test releases one URL at a time and waits for its answers to land before the next step, so a run's steps are
/// the same on every run and a failing seed replays (the calls' hops through the protocol's nonisolated requirement
/// may change the order calls arrive in, so nothing depends on it: `waitingURLs` is in the order answers were set,
/// and the calls of one URL all get the same answer).
@MainActor
final class RaceLoader: ArtworkLoader {
  /// What a released call whose task was cancelled does.
  enum Release {
    /// It throws `cancelled`, as a loader that checks does.
    case honouringCancellation
    /// It answers anyway: the late answer.
    case late
  }

  private struct Call {
    /// The call's URL, as the index of its answer (comparing numbers is cheaper than comparing URLs).
    let answer: Int
    let waiter: CheckedContinuation<Release, Never>
  }

  /// The answer for each URL: artwork or a failure.
  private(set) var answers: [URL: Result<Artwork, ArtworkLoadError>] = [:]
  /// The URLs, in the order their answers were set, and each one's index there.
  private var urls: [URL] = []
  private var indexes: [URL: Int] = [:]
  /// Called each time a call arrives or is released.
  var onChange: (() -> Void)?
  /// How many calls answered although their task had been cancelled.
  private(set) var lateAnswers = 0
  private var waiting: [Call] = []

  /// How many calls wait for their release.
  var waitingCount: Int { waiting.count }

  /// The URLs calls wait for, each once, in the order their answers were set (not the order the calls came in,
  /// which the hop through the nonisolated protocol requirement may change from run to run).
  var waitingURLs: [URL] {
    Set(waiting.map(\.answer)).sorted().map { urls[$0] }
  }

  /// Waits for the test to release `url`, then answers as `answers` says (none set: `notFound`).
  func artwork(for url: URL) async throws(ArtworkLoadError) -> Artwork {
    guard let index = indexes[url] else { throw .notFound(url) }
    let release = await withCheckedContinuation { waiter in
      waiting.append(Call(answer: index, waiter: waiter))
      onChange?()
    }
    if Task.isCancelled {
      guard release == .late else { throw .cancelled }
      lateAnswers += 1
    }
    return try (answers[url] ?? .failure(.notFound(url))).get()
  }

  /// Sets the answer for `url`.
  func answer(_ url: URL, with answer: Result<Artwork, ArtworkLoadError>) {
    guard answers.updateValue(answer, forKey: url) == nil else { return }
    indexes[url] = urls.count
    urls.append(url)
  }

  /// Releases every call waiting for `url`.
  func release(_ url: URL, _ release: Release) {
    guard let index = indexes[url] else { return }
    var released: [Call] = []
    var kept: [Call] = []
    for call in waiting {
      if call.answer == index { released.append(call) } else { kept.append(call) }
    }
    waiting = kept
    onChange?()
    for call in released { call.waiter.resume(returning: release) }
  }
}
