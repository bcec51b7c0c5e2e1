import Generators
import TestSupport
import Testing
import Verification

/// Labels, histograms, boundary cases first, coverage requirements and the
/// discard health check.
@Suite struct StatisticsTests {
  static let fullProperty = Property(
    "stats.fullSnapshot",
    generator: FullScript.generator(),
    coverage: [.cover(minimumShare: 0.9, "crossSectionMoveItem")],
    labels: { script in
      var model = script.start(as: ModelSnapshotInt.self)
      var labels: [String] = []
      for command in script.commands {
        if case .moveItem(let item, let anchor) = command,
          let from = model.sectionIdentifier(containingItem: item),
          let to = model.sectionIdentifier(containingItem: anchor.item), from != to
        {
          labels.append("crossSectionMoveItem")
        }
        try? command.apply(to: &model)
      }
      return labels + (script.commands.isEmpty ? ["noCommands"] : [])
    },
    observations: { script in
      script.commands.map { Observation("command", $0.operation) }
        + [.value("commands", script.commands.count / 10 * 10)]
    },
    check: { _ in .pass })

  @Test func histogramsCountEveryOperationAndBoundariesComeFirst() throws {
    let report = Runner(configuration: RunConfiguration(seed: 1, cases: 300)).run(Self.fullProperty)
    let kinds = try #require(report.statistics.histograms["command"])
    for operation in [
      "appendItems(_:toSection:)", "insertItems(_:beforeItem:)", "insertItems(_:afterItem:)",
      "deleteItems(_:)", "deleteAllItems()", "moveItem(_:beforeItem:)", "moveItem(_:afterItem:)",
      "reloadItems(_:)", "reconfigureItems(_:)", "appendSections(_:)",
      "insertSections(_:beforeSection:)", "insertSections(_:afterSection:)", "deleteSections(_:)",
      "moveSection(_:beforeSection:)", "moveSection(_:afterSection:)", "reloadSections(_:)",
    ] {
      #expect(kinds[operation, default: 0] > 0, "never generated \(operation)")
    }
    #expect(report.statistics.table.contains("histogram command:"))
    let layout = FullScript.layout(FullScript.Universe())
    let firsts = try (0..<7).map { index in
      try layout.generate(ChoiceSource(seed: 1, size: 1, caseIndex: index))
    }
    #expect(firsts[0].isEmpty)
    #expect(firsts[1].map(\.items) == [[]])
    #expect(firsts[2].map(\.items) == [[0]])
    #expect(firsts[3].map(\.items) == [[0], [1]])
    #expect(firsts[6].count == 6 && firsts[6].allSatisfy { $0.items.count == 1 })
  }

  @Test func unmetCoverageFailsTheRun() {
    let report = Runner(configuration: RunConfiguration(seed: 1, cases: 150)).run(Self.fullProperty)
    #expect(!report.passed)
    #expect(report.unmetCoverage.map(\.label) == ["crossSectionMoveItem"])
    #expect(report.summary.contains("coverage: 'crossSectionMoveItem'"))
    let lenient = Property(
      "stats.lenient", generator: FullScript.generator(),
      coverage: [.cover(minimumShare: 0.01, "always")], labels: { _ in ["always"] },
      check: { _ in .pass })
    #expect(Runner(configuration: RunConfiguration(seed: 1, cases: 150)).run(lenient).passed)
  }

  @Test func excessiveDiscardsFailTheHealthCheck() {
    let picky = Property(
      "stats.picky",
      generator: Gen<Int>.int(in: 0...1_000).filter("sevens", maxAttempts: 2) { $0 == 7 },
      check: { _ in .pass })
    let report = Runner(configuration: RunConfiguration(seed: 1, cases: 100)).run(picky)
    #expect(report.healthCheck != nil)
    #expect(!report.passed)
    #expect(report.statistics.discards > 0)
  }
}
