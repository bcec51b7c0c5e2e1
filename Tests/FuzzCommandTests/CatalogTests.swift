import Foundation
import SnapshotFuzzCommand
import Testing
import Verification

/// `swift test`'s catalog run: first every regression-corpus entry is
/// replayed, then every property of the default catalog (the engine
/// against the model) runs on the fixed CI seed and its own budget
/// (`AnyProperty.budget`, declared with the property). Failures are
/// written to the corpus once shrunk; coverage requirements fail the run.
/// Both run in child processes of the built `snapshot-fuzz`
/// (`ContainedCheck`, the public contained check users call): a trap fails its entry or property with the token and
/// the shrunk case, and every other entry, property and test still runs.
@Suite(.serialized) struct CatalogTests {
  /// The fixed CI seed.
  static let seed: UInt64 = 0xD1FF_AB1E

  /// The committed regression corpus, `Tests/Regressions/`.
  static var corpus: Corpus {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent()
    return Corpus(directory: tests.appendingPathComponent("Regressions"))
  }

  @Test func corpusEntriesReplay() {
    // The documented one-liner: a relative path from the package root.
    let corpus = ContainedCheck(executable: FuzzExecutable.url).replayCorpus(
      at: "Tests/Regressions")
    #expect(corpus.verdicts.count == Self.corpus.files().count)
    for replay in corpus.verdicts {
      print("corpus \(replay.summary)")
      for problem in replay.problems { Issue.record(Comment(rawValue: problem)) }
    }
  }

  @Test(arguments: Catalog.names)
  func property(_ name: String) throws {
    let verdict = try #require(Self.catalogRun[name])
    print("catalog \(verdict.summary)")
    for problem in verdict.problems { Issue.record(Comment(rawValue: problem)) }
  }
}
