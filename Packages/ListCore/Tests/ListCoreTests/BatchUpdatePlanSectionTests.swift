import Foundation
import ListCore
import Testing

@Suite struct BatchUpdatePlanSectionTests {
  @Test func aPlanSaysWhereEachOldSectionGoesAndWhichWereReloaded() throws {
    // Before: sections A B C D. Delete A, move D to the front, insert a new section after it, reload C:
    // after: D new B C.
    var batch = BatchUpdate()
    batch.sectionDeletes = [0]
    batch.sectionMoves = [(3, 0)]
    batch.sectionInserts = [1]
    batch.sectionReloads = [2]
    let plan = try batch.resolve(before: [1, 2, 3, 4], after: [4, 0, 2, 3], wording: .collection)
    #expect((0..<4).map { plan.newSection(for: $0) } == [nil, 2, 3, 0])
    #expect((0..<4).map { plan.isSectionReloaded($0) } == [false, false, true, false])
    #expect(plan.newSection(for: 4) == nil)
    #expect(plan.newSection(for: -1) == nil)
  }
}
