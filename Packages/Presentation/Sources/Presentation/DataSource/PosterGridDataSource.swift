import Foundation
import Services

/// A grid page's data source: the posters its ``PosterSource`` answers, as complete cell models in the grid's
/// order, with where the page stands.
///
/// Main-actor isolated, like the collection view it feeds. Each change of its posters or its state is published
/// on ``updates()`` as a ``PosterGridSnapshot`` with the next revision; a screen shows the latest and binds each
/// poster's cell model as it is. Selecting a poster leads where its cell model says
/// (``destination(ofItemAt:)``).
///
/// When reloads overlap only the latest one's answer is shown: a newer reload cancels the fetch of the one before,
/// and whatever that fetch answers after all is discarded. A failed reload keeps the posters it had.
@MainActor
public final class PosterGridDataSource {
  /// Where the grid stands.
  public enum State: Hashable, Sendable {
    /// Never loaded.
    case idle
    /// A reload is in flight (the previous posters stay until it succeeds).
    case loading
    /// The last reload succeeded.
    case loaded
    /// The last reload failed, for the reason the error gives in one line (``PageLoadError/description``); the
    /// posters it had were kept.
    case failed(PageLoadError)
  }

  /// Where the grid's posters come from.
  public let source: PosterSource
  /// How subtitles are written (the year of a release is taken in its calendar).
  public let formatting: PresentationFormatting
  /// The grid's state.
  public private(set) var state = State.idle
  /// Every poster, in the grid's order.
  public private(set) var cellModels: [PosterCellModel] = []
  /// How many snapshots the data source has published: the last one's ``PosterGridSnapshot/revision``.
  public private(set) var revision = 0

  private let broadcaster = ChangeBroadcaster<PosterGridSnapshot>()
  private var latestReload = 0
  private var fetchInFlight: Task<[PosterCellModel], any Error>?
  private var published = PosterGridSnapshot(cellModels: [], state: .idle)

  /// A grid of the posters `source` answers; call ``reload()`` to load it.
  public init(source: PosterSource, formatting: PresentationFormatting = .current) {
    self.source = source
    self.formatting = formatting
  }

  isolated deinit {
    fetchInFlight?.cancel()
    broadcaster.finish()
  }

  /// The current snapshot, with the revision of the last one published.
  public var snapshot: PosterGridSnapshot {
    PosterGridSnapshot(cellModels: cellModels, state: state, revision: revision)
  }

  /// A stream of every snapshot published from now on.
  public func updates() -> AsyncStream<PosterGridSnapshot> {
    broadcaster.stream()
  }

  /// Where selecting the poster at `index` leads; nil when the grid has no such poster.
  public func destination(ofItemAt index: Int) -> PosterDestination? {
    cellModels.indices.contains(index) ? cellModels[index].destination : nil
  }

  /// Fetches the posters, publishes them, and returns once they are shown or the fetch failed.
  ///
  /// It shows `.loading` first, keeping the posters it has. A newer reload cancels this one's fetch, and this one
  /// then returns without changing anything; cancelling the calling task cancels the fetch, which fails the reload
  /// as the source's error says.
  public func reload() async {
    latestReload += 1
    let reload = latestReload
    fetchInFlight?.cancel()
    let fetch = Task { [source, formatting] in try await source.posters(formatting) }
    fetchInFlight = fetch
    state = .loading
    publish()
    let result = await withTaskCancellationHandler {
      await fetch.result
    } onCancel: {
      fetch.cancel()
    }
    guard reload == latestReload else { return }
    fetchInFlight = nil
    switch result {
    case .success(let posters):
      cellModels = posters
      state = .loaded
    case .failure(let error):
      state = .failed(PageLoadError(error))
    }
    publish()
  }

  /// Sends the current snapshot, as the next revision, to every stream from ``updates()``; nothing when the grid
  /// shows what it showed at the last one.
  private func publish() {
    let current = PosterGridSnapshot(cellModels: cellModels, state: state)
    guard current != published else { return }
    published = current
    revision += 1
    broadcaster.send(snapshot)
  }
}
