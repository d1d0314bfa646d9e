import Foundation
import Services

/// How far an artist page's tracks have arrived: a reload shows the first page at once and the rest arrives
/// in the background.
public struct TrackLoading: Hashable, Sendable {
  /// Nothing loaded and nothing on its way.
  public static let idle = TrackLoading(loadedCount: 0, totalCount: nil, isInProgress: false)

  /// How many of the artist's tracks (in the catalog's order, from the first) the page holds as the
  /// catalog answers them now.
  public var loadedCount: Int
  /// How many tracks the artist has, as the catalog last said; nil before the first page arrived.
  public var totalCount: Int?
  /// Whether more pages are on their way; false once every page arrived, or a page failed.
  public var isInProgress: Bool

  /// Creates a progress value.
  public init(loadedCount: Int, totalCount: Int?, isInProgress: Bool) {
    self.loadedCount = loadedCount
    self.totalCount = totalCount
    self.isInProgress = isInProgress
  }

  /// "loading 1,000 of 100,000 tracks" while pages arrive, "loaded 50 of 100,000 tracks" when a page failed
  /// before the end, nil when every track arrived (or none was asked for).
  public func text(locale: Locale) -> String? {
    guard let totalCount, loadedCount < totalCount else { return nil }
    let progress = "\(Self.grouped(loadedCount, locale)) of \(Self.grouped(totalCount, locale)) tracks"
    return (isInProgress ? "loading " : "loaded ") + progress
  }

  /// The count with the locale's grouping separator every three digits ("," when the locale has none).
  static func grouped(_ count: Int, _ locale: Locale) -> String {
    let separator = locale.groupingSeparator.flatMap { $0.isEmpty ? nil : $0 } ?? ","
    let digits = Array(String(count.magnitude))
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { text += separator }
      text.append(digit)
    }
    return (count < 0 ? "-" : "") + text
  }
}

/// The page sizes a reload asks the catalog for: a small first page for the first screen, then pages that
/// grow up to a maximum.
public struct TrackPaging: Hashable, Sendable {
  /// The first page's size: what the first screen needs.
  public var firstPageSize: Int
  /// How much each next page grows: 2 doubles it.
  public var growthFactor: Int
  /// The largest page asked for (at most `TrackPageRequest.maximumLimit`).
  public var maximumPageSize: Int

  /// Creates a paging policy; sizes are clamped to 1 through `TrackPageRequest.maximumLimit` and the growth
  /// factor to at least 1.
  public init(
    firstPageSize: Int = TrackPageRequest.defaultLimit,
    growthFactor: Int = 2,
    maximumPageSize: Int = TrackPageRequest.maximumLimit
  ) {
    self.maximumPageSize = min(max(1, maximumPageSize), TrackPageRequest.maximumLimit)
    self.firstPageSize = min(max(1, firstPageSize), self.maximumPageSize)
    self.growthFactor = max(1, growthFactor)
  }

  /// A first page for the first screen, then pages of the largest size straight away: for a catalog across a
  /// network, where each page costs a request and a round trip, and pages that double (50, 100, … 3,200 before
  /// 5,000) would be six more requests for the first 6,350 tracks.
  public static let firstScreenThenLargest = TrackPaging(growthFactor: TrackPageRequest.maximumLimit)

  /// The size of the page after one of `size`.
  func size(after size: Int) -> Int {
    let (grown, overflow) = size.multipliedReportingOverflow(by: growthFactor)
    return overflow ? maximumPageSize : min(grown, maximumPageSize)
  }
}
