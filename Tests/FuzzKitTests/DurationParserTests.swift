import FuzzKit
import Testing

@Suite struct DurationParserTests {
  @Test(arguments: [
    ("30s", 30.0), ("10m", 600), ("2h", 7200), ("1h30m", 5400), ("1h30m15s", 5415), ("90s", 90),
    ("1m30s", 90), ("0h1s", 1),
  ])
  func parses(text: String, seconds: Double) {
    #expect(DurationParser.seconds(text) == seconds)
  }

  @Test(arguments: [
    "", "30", "s", "m30", "1m1h", "1h1h", "0s", "-5s", "1.5h", "1 m", "1d", "30sec", "9999999999s",
  ])
  func rejects(text: String) {
    #expect(DurationParser.seconds(text) == nil)
  }

  @Test(arguments: [1.0, 59, 60, 61, 3600, 5400, 5415, 86_400])
  func formatRoundTrips(seconds: Double) {
    #expect(DurationParser.seconds(DurationParser.format(seconds)) == seconds)
  }
}
