import CollectionKit
import Foundation
import Presentation
import Services

/// A poster of a grid: it binds a ``PosterCellModel`` and shows its artwork as a ``PosterArtworkState``.
///
/// Configured (``configure(with:loader:)``), it asks the loader for the model's artwork URL in a task it owns and
/// shows ``PosterArtworkState/loading(_:)`` (the placeholder) until the answer comes. Each configuration for
/// another item or URL, and each ``unbind()`` (which ``prepareForReuse()`` calls), starts a new *binding*: the
/// previous load is cancelled and its binding's token is no longer the cell's. An answer is applied only when the
/// token it was asked under is still the cell's and the cell still shows the URL it was asked for, so a late answer
/// for an item the cell showed before can never land, whatever the loader does with cancellation. Two items with
/// the same URL show the same artwork, which is right; what is ruled out is an answer of an earlier binding.
///
/// Like every cell it formats and computes nothing: the state holds the loader's answer as it is.
public final class PosterCell: CollectionViewCell {
  /// The bound poster; nil before the first configuration and after ``unbind()``.
  public private(set) var model: PosterCellModel?
  /// Where the artwork stands: the placeholder, loading, shown or failed.
  public private(set) var artworkState = PosterArtworkState.placeholder
  /// Called on the main actor each time a loader's answer changes ``artworkState``: artwork arriving live.
  public var onArtworkChange: (@MainActor (PosterCell) -> Void)?

  /// Whether an answer is checked against the binding it was asked under before it is applied (a test hook:
  /// false reproduces the stale-picture bug on purpose, so a test can show that it catches it).
  @_spi(Testing) public var dropsLateAnswers = true
  /// Counts the cell's loads, for the grid that shows it.
  @_spi(Testing) public var loadCount: ArtworkLoadCount?

  /// The binding the cell shows: a new token for each item or URL it is bound to.
  private var binding = 0
  private var load: Task<Void, Never>?

  /// Binds a poster: keeps the artwork it shows or loads when `model` is the same item with the same artwork
  /// URL (a reconfiguration), else cancels the previous load and asks `loader` for the new URL, showing the
  /// placeholder meanwhile (or for good, when the poster has no artwork URL).
  public func configure(with model: PosterCellModel, loader: any ArtworkLoader) {
    let previous = self.model
    self.model = model
    guard previous?.id != model.id || previous?.artworkURL != model.artworkURL else { return }
    beginBinding()
    guard let url = model.artworkURL else { return }
    artworkState = .loading(url)
    startLoading(url, from: loader)
  }

  /// Lets the bound poster go: cancels its load, drops any answer still on its way and shows the placeholder.
  ///
  /// The grid calls it when the cell stops being displayed; ``prepareForReuse()`` calls it too.
  public func unbind() {
    model = nil
    beginBinding()
  }

  /// Unbinds the poster before the collection view hands the cell out again.
  public override func prepareForReuse() {
    super.prepareForReuse()
    unbind()
  }

  /// Waits until the load of the current binding has ended: its answer applied (or dropped), or its
  /// cancellation seen (a test hook; returns at once when there is none).
  @_spi(Testing) public func waitUntilLoadEnds() async {
    await load?.value
  }

  /// Starts a new binding: the old one's load is cancelled and its answer will not match.
  private func beginBinding() {
    binding += 1
    load?.cancel()
    load = nil
    artworkState = .placeholder
  }

  private func startLoading(_ url: URL, from loader: any ArtworkLoader) {
    let token = binding
    let loadCount = loadCount
    loadCount?.began()
    load = Task { [weak self] in
      let answer: Result<Artwork, ArtworkLoadError>
      do throws(ArtworkLoadError) {
        answer = .success(try await loader.artwork(for: url))
      } catch {
        answer = .failure(error)
      }
      self?.receive(answer, for: url, askedUnder: token)
      loadCount?.ended()
    }
  }

  /// Applies a loader's answer if it belongs to the binding the cell shows now.
  private func receive(_ answer: Result<Artwork, ArtworkLoadError>, for url: URL, askedUnder token: Int) {
    if dropsLateAnswers {
      guard token == binding, model?.artworkURL == url else { return }
    }
    switch answer {
    case .success(let artwork): artworkState = .shown(url, artwork)
    // A cancelled load is one the cell gave up: it is no answer.
    case .failure(.cancelled): return
    case .failure(let error): artworkState = .failed(url, reason: error.description)
    }
    onArtworkChange?(self)
  }
}
