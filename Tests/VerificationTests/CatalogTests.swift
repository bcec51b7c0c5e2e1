import Foundation
import Generators
import SnapshotCore
import Testing
import Verification

/// `swift test`'s catalog run: first every regression-corpus entry is
/// replayed, then every property of the default catalog (the engine
/// against the model) runs on the fixed CI seed and budget. Failures are
/// written to the corpus at once; coverage requirements fail the run.
@Suite(.serialized) struct CatalogTests {
  /// The fixed CI seed.
  static let seed: UInt64 = 0xD1FF_AB1E

  /// The committed regression corpus, `Tests/Regressions/`.
  static var corpus: Corpus {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent()
    return Corpus(directory: tests.appendingPathComponent("Regressions"))
  }

  /// The CI budget of each property, in cases, from its measured debug
  /// speed: every property reaches the 100 cases coverage is judged on,
  /// the cheap ones run more; the whole catalog stays near 80 s on two
  /// cores.
  static func cases(for name: String) -> Int {
    switch name {
    case "section.differential": return 400
    case "meta.valueSemantics.section": return 300
    case _ where name.hasPrefix("datasource.") || name.hasPrefix("reorder."): return 250
    case "expansion.applyThenSnapshotFor", "expansion.userCollapseExpand",
      "expansion.toggleChangeset":
      return 250
    case _ where name.hasPrefix("expansion."): return 500
    case "full.differential", "meta.valueSemantics.full": return 600
    case "diff.refreshExact", "diff.batchShape": return 300
    default: return 1_000
    }
  }

  @Test func corpusEntriesReplay() {
    let replays = Self.corpus.replay(Catalog.all) { file in
      // On stderr, unbuffered: if the case traps, this names the entry.
      FileHandle.standardError.write(Data("corpus: replaying \(file)\n".utf8))
    }
    for replay in replays {
      switch replay.outcome {
      case .passed: continue
      case .failed(let counterexample):
        Issue.record(Comment(rawValue: "\(replay.file): \(counterexample.report)"))
      case .rejected, .unknownProperty:
        Issue.record(Comment(rawValue: replay.summary))
      }
    }
  }

  @Test(arguments: Catalog.names)
  func property(_ name: String) throws {
    let property = try #require(Catalog.property(named: name))
    let base = RunConfiguration(
      seed: Self.seed, cases: Self.cases(for: name),
      corpusDirectory: Self.corpus.directory.path)
    if let report = check(property, base: base) {
      print("catalog \(name): \(report.casesRun) cases in \(report.seconds)s")
    }
  }
}
