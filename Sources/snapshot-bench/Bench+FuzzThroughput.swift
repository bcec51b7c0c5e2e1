import Foundation
import Verification

extension Bench {
  /// Fuzz throughput (SPEC §7): every catalog property, run in-process on
  /// one thread by the same `Runner` as `swift test`, for a fixed number of
  /// cases from a fixed seed (size ramp and statistics included). The row's
  /// `items` is the case count; `cases_per_second` is the figure to quote.
  mutating func runFuzzThroughput() {
    let cases = quick ? 100 : 400
    let clock = ContinuousClock()
    for property in Catalog.all where wants("fuzz \(property.name)") {
      let runner = Runner(configuration: RunConfiguration(seed: 1, cases: cases))
      let start = clock.now
      let report = runner.run(property)
      let elapsed = milliseconds(clock.now - start)
      let checked = report.casesRun + report.statistics.discards
      record(
        CaseResult(
          name: "fuzz \(property.name)", kind: .fuzz, items: checked,
          engine: Timing(best: elapsed, median: elapsed),
          casesPerSecond: Double(checked) / max(elapsed / 1_000, 1e-9)))
    }
  }
}
