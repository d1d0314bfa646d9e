import HumbleSupport
import Testing

struct ShrinkingTests {
  @Test func aDictionaryEmptiedAfterABurstGivesItsStorageBackAndKeepsWhatIsLeft() {
    var table: [Int: String] = [:]
    for key in 0..<10_000 { table[key] = "\(key)" }
    let burstCapacity = table.capacity
    for key in 10..<10_000 { table[key] = nil }
    #expect(table.capacity == burstCapacity, "Swift's dictionaries do not shrink by themselves")
    table.shrinkIfMostlyUnused()
    #expect(table.capacity < 100)
    #expect(table == Dictionary(uniqueKeysWithValues: (0..<10).map { ($0, "\($0)") }))
  }

  @Test func aSmallOrMostlyUsedTableIsLeftAlone() {
    var small = Dictionary(uniqueKeysWithValues: (0..<500).map { ($0, $0) })
    for key in 1..<500 { small[key] = nil }
    let smallCapacity = small.capacity
    small.shrinkIfMostlyUnused()
    #expect(small.capacity == smallCapacity)
    var used = Set(0..<10_000)
    for member in 0..<5_000 { used.remove(member) }
    let usedCapacity = used.capacity
    used.shrinkIfMostlyUnused()
    #expect(used.capacity == usedCapacity)
  }

  @Test func aSetEmptiedAfterABurstGivesItsStorageBack() {
    var members = Set(0..<10_000)
    for member in 3..<10_000 { members.remove(member) }
    members.shrinkIfMostlyUnused()
    #expect(members.capacity < 100)
    #expect(members == [0, 1, 2])
  }
}
