import Domain
import Foundation
@_spi(Testing) import HumbleApp
import Presentation
import Services

/// Posters for grid tests: a poster per number, each opening a playlist of that number.
enum PosterFixtures {
  /// The artwork URL of a number.
  static func url(_ number: Int) -> URL {
    number < urls.count ? urls[number] : makeURL(number)
  }

  /// The first URLs, made once: the race test makes thousands of grids.
  private static let urls = (0..<512).map(makeURL)

  private static func makeURL(_ number: Int) -> URL {
    URL(string: "https://art.example.com/\(number).png")!
  }

  /// A poster's identifier.
  static func id(_ number: Int) -> PosterCellModel.ID {
    .playlist(Playlist.ID("p\(number)"))
  }

  /// The poster of a number, with the artwork of `artwork` (the poster's own number unless given; nil for none).
  static func poster(_ number: Int, artwork: Int?? = .none, title: String? = nil) -> PosterCellModel {
    let artworkNumber = artwork ?? number
    return PosterCellModel(
      id: id(number), title: title ?? "Poster \(number)", subtitle: "\(number) tracks",
      artworkURL: artworkNumber.map(url), destination: .openPlaylist(Playlist.ID("p\(number)"), title: "P\(number)"))
  }

  /// A grid snapshot of posters.
  static func snapshot(_ posters: [PosterCellModel], revision: Int) -> PosterGridSnapshot {
    PosterGridSnapshot(cellModels: posters, state: .loaded, revision: revision)
  }

  /// A data source that is never reloaded: the tests show their snapshots themselves.
  @MainActor static func idleDataSource() -> PosterGridDataSource {
    PosterGridDataSource(source: PosterSource { _ in [] })
  }
}

extension PosterGridController.Metrics {
  /// Posters 4 columns wide and 2 lines high, touching: a grid 12 wide holds 3 a line, one 4 high shows 2 lines.
  static let small = PosterGridController.Metrics(posterWidth: 4, posterHeight: 2, spacing: 0, lineSpacing: 0)
}

extension ArtworkLoadCount {
  /// Waits until no artwork load is on its way (their answers applied or dropped).
  func waitUntilNoneInFlight() async {
    guard inFlight > 0 else { return }
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      onChange = { [unowned self] in
        guard inFlight == 0 else { return }
        onChange = nil
        done.resume()
      }
    }
  }
}
