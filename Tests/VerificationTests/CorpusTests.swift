import Foundation
import Generators
import SnapshotEngine
import SnapshotModel
import TestSupport
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

  @Test func fixedBugEntriesReplayAsPassing() throws {
    let directory = ReplayTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fixed = Differentials.section(EngineSectionSnapshot<Int>.self).prefixed("planted.")
    let failure = try #require(
      Runner(
        configuration: RunConfiguration(seed: 1, cases: 2_000, corpusDirectory: directory.path)
      )
      .run(ReplayTests.property).counterexample)
    #expect(failure.corpusFile != nil)
    replayCorpus([fixed], directory: directory)
    let outcomes = Corpus(directory: directory).replay([fixed])
    #expect(outcomes.count == 1)
    if case .passed = outcomes.first?.outcome {
    } else {
      Issue.record("expected the fixed entry to pass")
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
