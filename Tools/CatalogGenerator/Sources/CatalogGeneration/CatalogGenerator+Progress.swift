extension CatalogGenerator {
  /// How far a generation has got.
  public struct Progress: Hashable, Sendable {
    /// The number of tracks written so far.
    public var tracksWritten: Int
    /// The number of tracks the catalog will hold.
    public var totalTrackCount: Int

    /// Creates a progress report.
    public init(tracksWritten: Int, totalTrackCount: Int) {
      self.tracksWritten = tracksWritten
      self.totalTrackCount = totalTrackCount
    }

    /// The share of tracks written, from 0 to 1 (1 for a catalog without tracks).
    public var fractionCompleted: Double {
      totalTrackCount == 0 ? 1 : Double(tracksWritten) / Double(totalTrackCount)
    }
  }
}

/// Counts written tracks and reports every ``interval`` of them, so that reporting costs nothing next to
/// writing.
struct ProgressReporter {
  static let interval = 10_000

  private let totalTrackCount: Int
  private let report: ((CatalogGenerator.Progress) -> Void)?
  private var tracksWritten = 0

  init(totalTrackCount: Int, report: ((CatalogGenerator.Progress) -> Void)?) {
    self.totalTrackCount = totalTrackCount
    self.report = report
  }

  mutating func recordTrackWritten() {
    tracksWritten += 1
    if tracksWritten % Self.interval == 0 {
      report?(CatalogGenerator.Progress(tracksWritten: tracksWritten, totalTrackCount: totalTrackCount))
    }
  }

  func finish() {
    report?(CatalogGenerator.Progress(tracksWritten: tracksWritten, totalTrackCount: totalTrackCount))
  }
}
