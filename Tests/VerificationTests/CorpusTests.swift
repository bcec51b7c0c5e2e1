import Foundation
import Testing
import Verification

/// The committed corpus (`Tests/Regressions/`) loads: no malformed or stale
/// entry is skipped silently. The property catalog replays the entries.
@Suite struct CorpusTests {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Regressions")

  @Test func everyCommittedEntryLoads() {
    for (file, result) in Corpus(directory: Self.directory).loadAll() {
      if case .failure(let error) = result {
        Issue.record(Comment(rawValue: "\(file.lastPathComponent): \(error)"))
      }
    }
  }

  @Test func inFlightChoicesReproduceTheCase() {
    let runner = Runner(configuration: RunConfiguration(seed: 8, cases: 10))
    let property = ReplayTests.property
    for ordinal in 0..<10 {
      let choices = runner.caseChoices(property, ordinal: ordinal)
      let run = runner.runCase(property, ordinal: ordinal)
      #expect(run.choices == choices)
      #expect(property.run(choices: choices).verdict == run.verdict)
    }
  }
}
