import CollectionKit
import Foundation
@_spi(Testing) import HumbleApp
import Presentation
import Services
import ServicesTestSupport
import Testing

/// Drawing a grid: each poster where the layout puts it, its artwork in half blocks (24-bit or 256 colours) or a
/// frame saying its state, its number, title and subtitle cut to its width, and never a line wider than the grid.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct PosterGridRendererTests {
  let loader = MockArtworkLoader()

  /// A grid of `posters` laid out by `metrics` in `width` × `height` cells, its artwork loads ended unless told not
  /// to wait for them.
  func grid(
    _ posters: [PosterCellModel], width: Int, height: Int, metrics: PosterGridController.Metrics,
    waitingForLoads: Bool = true
  ) async -> PosterGridController {
    let controller = PosterGridController(
      dataSource: PosterFixtures.idleDataSource(), loader: loader, width: width, height: height, metrics: metrics)
    controller.show(PosterFixtures.snapshot(posters, revision: 1))
    if waitingForLoads { await controller.loadCount.waitUntilNoneInFlight() }
    return controller
  }

  /// The grid's lines, each checked to take no more columns than the grid is wide once its escapes are removed.
  func lines(
    of grid: PosterGridController, _ options: RenderOptions = RenderOptions(),
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> [String] {
    let lines = PosterGridRenderer.lines(for: grid, options: options)
    let width = Int(grid.collectionView.frame.width)
    for line in lines {
      let columns = TerminalText.displayWidth(Self.withoutEscapes(line))
      #expect(columns <= width, "\(columns) columns in a grid \(width) wide: \(line)", sourceLocation: sourceLocation)
    }
    return lines
  }

  static func withoutEscapes(_ line: String) -> String {
    line.replacing(/\u{1B}\[[0-9;]*m/, with: "")
  }

  /// An opaque pixel.
  static func pixel(_ red: UInt8, _ green: UInt8, _ blue: UInt8, alpha: UInt8 = 255) -> [UInt8] {
    [red, green, blue, alpha]
  }

  /// Artwork of rows of pixels, top first.
  static func artwork(_ rows: [[[UInt8]]]) -> Artwork {
    Artwork(width: rows[0].count, height: rows.count, rgba: Array(rows.joined().joined()))!
  }

  /// Posters 12 columns wide and 5 lines high (3 of artwork), 2 apart, lines 1 apart: 2 a line in 26 columns.
  static let framed = PosterGridController.Metrics(posterWidth: 12, posterHeight: 5, spacing: 2, lineSpacing: 1)

  @Test func withoutColourEachPosterIsAFrameSayingItsArtworksState() async {
    loader.holdCalls(for: PosterFixtures.url(0))
    loader.returnArtwork(.fixture(shade: 9), for: PosterFixtures.url(2))
    let controller = await grid(
      [PosterFixtures.poster(0), PosterFixtures.poster(1, artwork: .some(nil)), PosterFixtures.poster(2)],
      width: 40, height: 5, metrics: Self.framed, waitingForLoads: false)
    await controller.cell(at: 2)?.waitUntilLoadEnds()
    #expect(controller.cell(at: 0)?.artworkState == .loading(PosterFixtures.url(0)))
    #expect(controller.cell(at: 2)?.artworkState.artwork == .fixture(shade: 9))
    #expect(
      lines(of: controller) == [
        "┌──────────┐  ┌──────────┐  ┌──────────┐",
        "│ loading  │  │no artwork│  │ artwork  │",
        "└──────────┘  └──────────┘  └──────────┘",
        "1 Poster 0    2 Poster 1    3 Poster 2",
        "0 tracks      1 tracks      2 tracks",
      ])
    loader.releaseAll()
    await controller.loadCount.waitUntilNoneInFlight()
  }

  @Test func shownArtworkIsAFrameTooWhenArtworkIsNotColouredOrLinesCarryNoColour() async {
    loader.returnArtwork(.fixture(shade: 9))
    let controller = await grid([PosterFixtures.poster(0)], width: 12, height: 5, metrics: Self.framed)
    let frame = [
      "┌──────────┐",
      "│ artwork  │",
      "└──────────┘",
      "1 Poster 0",
    ]
    #expect(lines(of: controller, RenderOptions(artworkColours: .trueColour)) == frame + ["0 tracks"])
    #expect(lines(of: controller, RenderOptions(usesColour: true)) == frame + ["\u{1B}[2m0 tracks\u{1B}[0m"])
  }

  @Test func aFailedPosterShowsTheFailedFrameAndLeavesTheReasonToTheCell() async {
    let url = PosterFixtures.url(1)
    loader.returnArtwork(.fixture(shade: 9))
    loader.failCalls(for: url, with: .unreachable(url, reason: "connection refused"))
    let controller = await grid(
      [PosterFixtures.poster(0), PosterFixtures.poster(1)], width: 26, height: 5, metrics: Self.framed)
    #expect(
      controller.cell(at: 1)?.artworkState
        == .failed(url, reason: ArtworkLoadError.unreachable(url, reason: "connection refused").description))
    let lines = lines(of: controller, RenderOptions(usesColour: true, artworkColours: .trueColour))
    #expect(lines.count == 5)
    #expect(lines[0].hasSuffix("  ┌──────────┐"))
    #expect(lines[1].hasSuffix("\u{1B}[0m  │  failed  │"))
    #expect(lines[2].hasSuffix("  └──────────┘"))
    #expect(!lines.joined().contains("refused"))
  }

  @Test func trueColourGivesEachHalfBlockItsUpperPixelAsForegroundAndItsLowerAsBackground() async {
    // Red over blue, green over white at half alpha (composited over black: grey 128).
    let artwork = Self.artwork([
      [Self.pixel(255, 0, 0), Self.pixel(0, 255, 0)],
      [Self.pixel(0, 0, 255), Self.pixel(255, 255, 255, alpha: 128)],
    ])
    loader.returnArtwork(artwork, for: PosterFixtures.url(0))
    loader.returnArtwork(.fixture(shade: 7), for: PosterFixtures.url(1))
    let touching = PosterGridController.Metrics(posterWidth: 2, posterHeight: 3, spacing: 0, lineSpacing: 0)
    let controller = await grid(
      [PosterFixtures.poster(0), PosterFixtures.poster(1)], width: 4, height: 3, metrics: touching)
    let lines = lines(of: controller, RenderOptions(usesColour: true, artworkColours: .trueColour))
    let escape = "\u{1B}["
    #expect(
      lines == [
        // Each poster's run ends in a reset, even where the next poster touches it.
        "\(escape)38;2;255;0;0;48;2;0;0;255m▀\(escape)38;2;0;255;0;48;2;128;128;128m▀\(escape)0m"
          + "\(escape)38;2;7;7;7;48;2;7;7;7m▀▀\(escape)0m",
        "1…2…",
        "\(escape)2m0…\(escape)0m\(escape)2m1…\(escape)0m",
      ])
  }

  @Test func aLargerArtworkGivesEachPixelTheAverageOfThoseItCovers() async {
    let artwork = Self.artwork([
      [Self.pixel(255, 0, 0), Self.pixel(0, 255, 0)],
      [Self.pixel(0, 0, 255), Self.pixel(255, 255, 255, alpha: 128)],
    ])
    loader.returnArtwork(artwork)
    let narrow = PosterGridController.Metrics(posterWidth: 1, posterHeight: 3, spacing: 0, lineSpacing: 0)
    let controller = await grid([PosterFixtures.poster(0)], width: 1, height: 3, metrics: narrow)
    let lines = lines(of: controller, RenderOptions(usesColour: true, artworkColours: .trueColour))
    #expect(lines.first == "\u{1B}[38;2;128;128;0;48;2;64;64;192m▀\u{1B}[0m")
  }

  @Test func the256ColourPaletteTakesTheNearestOfItsCubeAndItsGreys() async {
    let artwork = Self.artwork([
      [Self.pixel(255, 0, 0), Self.pixel(0, 255, 0), Self.pixel(0, 0, 255), Self.pixel(255, 255, 255)],
      [Self.pixel(0, 0, 0), Self.pixel(128, 128, 128), Self.pixel(8, 8, 8), Self.pixel(100, 150, 200)],
    ])
    loader.returnArtwork(artwork)
    let wide = PosterGridController.Metrics(posterWidth: 4, posterHeight: 3, spacing: 0, lineSpacing: 0)
    let controller = await grid([PosterFixtures.poster(0)], width: 4, height: 3, metrics: wide)
    let lines = lines(of: controller, RenderOptions(usesColour: true, artworkColours: .palette256))
    let cells = ["196;48;5;16", "46;48;5;244", "21;48;5;232", "231;48;5;68"].map { "\u{1B}[38;5;\($0)m▀" }
    #expect(lines.first == cells.joined() + "\u{1B}[0m")
  }

  @Test func titlesAndSubtitlesAreCutToThePosterWidthAtDisplayWidths() async {
    loader.returnArtwork(.fixture())
    let posters = [
      PosterFixtures.poster(0, title: "A very long title indeed"),
      PosterFixtures.poster(1, title: "東京の夜景"),
      PosterFixtures.poster(2, title: "Short"),
    ]
    let narrow = PosterGridController.Metrics(posterWidth: 8, posterHeight: 2, spacing: 1, lineSpacing: 0)
    let controller = await grid(posters, width: 26, height: 2, metrics: narrow)
    #expect(
      lines(of: controller) == [
        "1 A ver… 2 東京…  3 Short",
        "0 tracks 1 tracks 2 tracks",
      ])
  }

  @Test func aGridScrolledByALineOfPostersDrawsTheNextLine() async {
    let controller = await grid((0..<6).map { PosterFixtures.poster($0) }, width: 26, height: 5, metrics: Self.framed)
    controller.collectionView.contentOffset = CGPoint(x: 0, y: 6)
    await controller.loadCount.waitUntilNoneInFlight()
    #expect(controller.visibleIndexes == [2, 3])
    #expect(
      lines(of: controller) == [
        "┌──────────┐  ┌──────────┐",
        "│  failed  │  │  failed  │",
        "└──────────┘  └──────────┘",
        "3 Poster 2    4 Poster 3",
        "2 tracks      3 tracks",
      ])
  }

  @Test func postersTheViewportCutsAreDrawnInPart() async {
    let controller = await grid((0..<6).map { PosterFixtures.poster($0) }, width: 26, height: 5, metrics: Self.framed)
    controller.collectionView.contentOffset = CGPoint(x: 0, y: 3)
    await controller.loadCount.waitUntilNoneInFlight()
    #expect(
      lines(of: controller) == [
        "1 Poster 0    2 Poster 1",
        "0 tracks      1 tracks",
        "",
        "┌──────────┐  ┌──────────┐",
        "│  failed  │  │  failed  │",
      ])
  }

  @Test func aGridNarrowerThanItsPostersCutsThemAtItsEdgeAsAWindowWould() async {
    let controller = await grid(
      [PosterFixtures.poster(0, title: "東京の夜景")], width: 7, height: 5, metrics: Self.framed)
    let cut = [
      "┌──────",
      "│  fail",
      "└──────",
      // The title fits the poster; the grid's edge cuts the wide character it would halve.
      "1 東京",
      "0 track",
    ]
    #expect(lines(of: controller) == cut)
    let wider = await grid(
      [PosterFixtures.poster(0, title: "東京の夜景")], width: 12, height: 5, metrics: Self.framed)
    #expect(PosterGridRenderer.lines(for: wider, options: RenderOptions(width: 7)) == cut)
  }

  @Test func anEmptyGridHasNothingToShow() async {
    let controller = await grid([], width: 26, height: 5, metrics: Self.framed)
    #expect(lines(of: controller) == ["(nothing to show)"])
  }
}
