import Foundation

/// Why a reload failed when ``ArtistTableDataSource/reloadTimeout`` passed without an answer.
struct ReloadTimedOut: Error, CustomStringConvertible {
  let timeout: Duration

  var description: String {
    let seconds = timeout / .seconds(1)
    return "The music catalog did not answer: timed out after \(String(format: "%g", seconds)) s."
  }
}
