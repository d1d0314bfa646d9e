import Foundation
import TableKit
import Testing

/// A string snapshot, as the data-source tests build them.
typealias TextSnapshot = DiffableDataSourceSnapshot<String, String>

/// A snapshot's misuse as TableKit's error: what applying it throws.
@Suite struct SnapshotFirstMisuseTests {
  @Test func aMisuseIsAnInvalidSnapshotErrorWithUIKitsMessage() throws {
    var snapshot = TextSnapshot()
    snapshot.appendItems(["a"])
    let misuse = try #require(snapshot.recordedMisuse)
    guard case .invalidSnapshot(let message) = snapshot.firstMisuse else {
      Issue.record("no invalid-snapshot error: \(String(describing: snapshot.firstMisuse))")
      return
    }
    #expect(message == "There are currently no sections in the data source. Please add a section first.")
    #expect(message == misuse.message)
    #expect(snapshot.firstMisuse?.description == misuse.description)
  }

  @Test func aSnapshotBuiltAsUIKitAllowsHasNoError() {
    var snapshot = TextSnapshot()
    snapshot.appendSections(["A"])
    snapshot.appendItems(["a"])
    #expect(snapshot.firstMisuse == nil)
  }
}
