import Foundation

/// Duration texts for a page, remembered per whole second: a page has far fewer distinct lengths than tracks.
struct DurationTexts {
  private var bySecond: [Int: String] = [:]

  mutating func string(from duration: TimeInterval) -> String {
    guard duration.isFinite, duration > 0, duration < 1e9 else { return DurationText.string(from: duration) }
    let key = Int(duration)
    if let cached = bySecond[key] { return cached }
    let text = DurationText.string(from: duration)
    bySecond[key] = text
    return text
  }
}
