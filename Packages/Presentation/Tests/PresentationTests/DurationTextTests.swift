import Presentation
import Testing

@Suite struct DurationTextTests {
  @Test(arguments: [
    (0.0, "0:00"), (42.9, "0:42"), (225, "3:45"), (600, "10:00"), (3723, "1:02:03"), (36_000, "10:00:00"),
    (-5, "0:00"), (.infinity, "0:00"), (.nan, "0:00"),
  ])
  func durationsShowAsMinutesAndSecondsWithHoursWhenLong(duration: Double, expected: String) {
    #expect(DurationText.string(from: duration) == expected)
  }
}
