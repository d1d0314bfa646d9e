import Benchmark
import Domain
import Foundation
import Presentation
import Services
import ServicesTestSupport
import TableKit

/// The artist page data source on a page of 100,000 tracks (mocks: 1% downloaded, 1% favourited).
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
    warmupIterations: 2
  )

  Benchmark(
    "ArtistTableDataSource.reload(), 100,000 tracks, alphabetical, all cell models built",
    configuration: .init(maxDuration: .seconds(15), maxIterations: 60)
  ) { benchmark, page in
    for _ in benchmark.scaledIterations {
      await page.reload()
    }
  } setup: {
    await LargePage.make(trackCount: 100_000)
  }

  Benchmark(
    "ArtistTableDataSource.reload() to the first screen, 100,000 tracks, alphabetical",
    configuration: .init(maxDuration: .seconds(15), maxIterations: 60)
  ) { benchmark, page in
    for _ in benchmark.scaledIterations {
      await page.reloadFirstScreen()
    }
  } setup: {
    await LargePage.make(trackCount: 100_000)
  }

  // What a screen showing the page through a diffable data source does with each snapshot the page publishes.
  Benchmark(
    "DiffableDataSourceSnapshot of the page's 100,000 row identifiers",
    configuration: .init(maxDuration: .seconds(5), maxIterations: 500)
  ) { (benchmark: Benchmark, sections: [ArtistTableSection]) in
    for _ in benchmark.scaledIterations {
      var snapshot = DiffableDataSourceSnapshot<ArtistTableSection.Kind, ArtistCellModelType.ID>()
      snapshot.appendSections(sections.map(\.id))
      for section in sections { snapshot.appendItems(section.rows.map(\.id), toSection: section.id) }
      blackHole(snapshot)
    }
  } setup: {
    let page = await LargePage.make(trackCount: 100_000)
    await page.reload()
    return await page.dataSource.sections
  }

  Benchmark(
    "the page's 100,000 row identifiers alone",
    configuration: .init(maxDuration: .seconds(5), maxIterations: 500)
  ) { (benchmark: Benchmark, sections: [ArtistTableSection]) in
    for _ in benchmark.scaledIterations {
      for section in sections { blackHole(section.rows.map(\.id)) }
    }
  } setup: {
    let page = await LargePage.make(trackCount: 100_000)
    await page.reload()
    return await page.dataSource.sections
  }
}

/// A data source over mocks answering with a large, varied page.
@MainActor
final class LargePage: Sendable {
  let dataSource: ArtistTableDataSource
  let musicAPI: MockMusicAPI
  let downloads: MockDownloadsManager
  let favourites: MockFavouritesManager
  /// The page's tracks, and the same with one title changed: reloads alternate between them, so that each one
  /// builds every cell model (a reload that answers as before keeps the rows it has).
  private let answers: [[Track]]
  private var reloads = 0

  private init(tracks: [Track]) {
    var changed = tracks
    changed[changed.count / 2].title += " (Live)"
    answers = [tracks, changed]
    musicAPI = MockMusicAPI()
    downloads = MockDownloadsManager(
      downloadedTrackIds: Set(tracks.indices.filter { $0 % 100 == 7 }.map { tracks[$0].id }))
    favourites = MockFavouritesManager(
      favouritedTrackIds: Set(tracks.indices.filter { $0 % 100 == 42 }.map { tracks[$0].id }))
    dataSource = ArtistTableDataSource(
      artistID: "large-artist", musicAPI: musicAPI, downloadsManager: downloads, favouritesManager: favourites,
      formatting: .englishUTC)
    dataSource.sortMode = .alphabeticalAscending
  }

  static func make(trackCount: Int) -> LargePage {
    LargePage(tracks: makeTracks(count: trackCount))
  }

  func reload() async {
    musicAPI.returnTracks(answers[reloads % 2])
    reloads += 1
    await dataSource.reload()
    await dataSource.waitUntilLoaded()
    precondition(dataSource.sections.first?.rows.count ?? 0 > 90_000)
  }

  /// Reloads a changed answer up to the first screen: the first page shown, the rest not waited for.
  func reloadFirstScreen() async {
    var changed = answers[reloads % 2]
    changed[0].title += " \(reloads)"
    musicAPI.returnTracks(changed)
    reloads += 1
    await dataSource.reload()
    precondition(dataSource.trackLoading.loadedCount >= 50)
  }

  /// Titles from a word list (with numbers and some accents), durations from 40 s to 70 min, a few hundred
  /// distinct release dates: what a large real catalog looks like to the data source.
  private static func makeTracks(count: Int) -> [Track] {
    let words = [
      "Love", "night", "Étoile", "river", "Song", "city", "Über", "light", "Blue", "heart", "Road", "fire",
      "Café", "summer", "Rain", "dream", "Ghost", "gold", "Señor", "echo", "Track", "Ocean", "star", "Wild",
    ]
    var state: UInt64 = 7
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    return (0..<count).map { index in
      let title = "\(words[next(words.count)]) \(words[next(words.count)])" + (next(4) == 0 ? " \(next(200))" : "")
      return Track(
        id: Track.ID("large-\(index)"),
        title: title,
        duration: Double(40 + next(4_160)),
        streamURLString: "https://streams.example.com/large-\(index).mp3",
        popularity: next(100),
        releaseDate: Date(timeIntervalSince1970: Double(next(400)) * 86_400 * 30),
        containsExplicitLyrics: next(20) == 0,
        artistID: "large-artist")
    }
  }
}
