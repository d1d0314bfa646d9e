import Foundation
import ServicesTestSupport
import Testing

/// The real `humble` on a catalog that another process is writing to, or that is read-only: each refused
/// change is one line on standard error, the script goes on, and the change works once the fault clears.
@Suite(.serialized, .timeLimit(.minutes(5))) struct FaultTranscriptTests {
  let transcripts: HumbleTranscriptTests
  var databaseURL: URL { transcripts.directory.appendingPathComponent("catalog.sqlite") }

  init() throws {
    transcripts = try HumbleTranscriptTests(for: Self.self)
  }

  @Test("A favourite while another process writes to the catalog is one error line and the script goes on")
  func aFavouriteWhileTheCatalogIsLocked() async throws {
    #expect(try await transcripts.humble(["-c", "show"]).status == 0)
    let holder = try await DatabaseLockHolder.start(database: databaseURL, writingFirst: true)
    let locked = try await transcripts.humble(["--artist", "aurora-vale", "-c", "favourite 3; cell 3"])
    #expect(locked.status == 1)
    #expect(
      locked.errors == [
        "error: Favourites storage failed: The catalog database at \(databaseURL.path) is locked by another "
          + "program; try again once it has finished."
      ])
    #expect(locked.output.contains("isFavourited: false"), "the next command ran")
    await holder.release()
    let retried = try await transcripts.humble(["--artist", "aurora-vale", "-c", "favourite 3; cell 1"])
    #expect(retried.status == 0)
    #expect(retried.errors.isEmpty)
    #expect(retried.output.contains("isFavourited: true"), "the favourite is pinned first")
  }

  @Test("A read-only catalog is browsed; a favourite is one error line, a download says why it failed; nothing lost")
  func aReadOnlyCatalog() async throws {
    #expect(try await transcripts.humble(["--artist", "aurora-vale", "-c", "favourite 1"]).status == 0)
    let readOnly = try await transcripts.humble([
      "--read-only", "--artist", "aurora-vale", "-c", "favourite 3; download 2; wait; cell 1",
    ])
    #expect(readOnly.status == 1)
    let refused = "The catalog database at \(databaseURL.path) is read-only: changes cannot be saved."
    #expect(readOnly.errors.first == "error: Favourites storage failed: \(refused)")
    #expect(readOnly.errors.count == 1, "\(readOnly.errors)")
    #expect(readOnly.output.contains("isFavourited: true"), "the favourite made before is there")
    #expect(readOnly.output.contains { $0.contains("Download failed: cannot record the download: \(refused)") })
    let writable = try await transcripts.humble([
      "--artist", "aurora-vale", "-c", "favourite 3; download 2; wait; cell 3",
    ])
    #expect(writable.status == 0)
    #expect(writable.errors.isEmpty)
  }
}
