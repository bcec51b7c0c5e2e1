import Generators
import Testing
import Verification

/// A report's causes: its failures grouped by culprit (never by message or
/// by shrunk case), the most severe first, each shown by its smallest case,
/// and listed the same way in every format.
@Suite struct CauseTests {
  static let deleteAll = FailureKind(.call(part: "snapshot", operation: "deleteAllItems()"))
  static let appendTrap = FailureKind.trap(in: "snapshot", "appendSections(_:)")
  static let identity = FailureKind(.differ(rule: "identity"), severity: .identity)

  /// A failure of `property` with `rule`, shrunk to `choices`.
  private func failure(
    _ property: String, _ rule: FailureKind?, _ choices: [UInt64], index: Int = 1
  ) -> FailureRecord {
    FailureRecord(
      property: property, kind: rule?.severity == .trap ? .crash : .failure,
      token: ReportFixtures.token(property, choices), originalToken: "", seed: 42,
      caseIndex: index, message: "\(property) broke \(rule.map(\.culprit.description) ?? "-")",
      rule: rule)
  }

  private func report(_ failures: [FailureRecord]) -> FuzzReport {
    var report = ReportFixtures.report(failing: false)
    report.failures = failures.sorted()
    return report
  }

  /// Failures of several properties with one culprit are one cause, shown
  /// by its smallest case; another culprit on the very same shrunk case is
  /// another cause; the most severe cause comes first.
  @Test func failuresAreGroupedByCulprit() {
    let report = report([
      failure("full.differential", Self.deleteAll, [1, 2, 3, 4]),
      failure("meta.valueSemantics.full", Self.deleteAll, [1, 2]),
      failure("full.differential", Self.appendTrap, [1, 2, 3, 4], index: 2),
      failure("diff.roundTrip", Self.identity, [1, 2]),
    ])
    let causes = report.causes
    #expect(
      causes.map(\.culprit) == [Self.appendTrap, Self.deleteAll, Self.identity].map(\.culprit))
    #expect(causes.map(\.severity) == [.trap, .wrong, .identity])
    #expect(
      causes[1].failures.map(\.property) == ["full.differential", "meta.valueSemantics.full"])
    #expect(causes[1].smallest.property == "meta.valueSemantics.full")
    #expect(ReportText.causeCount(report) == "3 causes (4 failures)")
    #expect(
      ReportText.causes(report) == [
        "trap in snapshot: appendSections(_:) [trap]: 1 failure in full.differential",
        "snapshot: deleteAllItems() [wrong result]: 2 failures in full.differential, "
          + "meta.valueSemantics.full",
        "differ: identity [identity loss]: 1 failure in diff.roundTrip",
      ])
  }

  /// Failures that name no rule (older reports) are a cause each.
  @Test func failuresWithoutARuleAreACauseEach() {
    let report = report([
      failure("diff.roundTrip", nil, [1, 2]), failure("full.differential", nil, [1, 2]),
    ])
    #expect(report.causes.count == 2)
    #expect(report.causes.allSatisfy { $0.failures.count == 1 })
  }

  /// Every format lists the causes and says which other properties share
  /// a failure's cause; headings carry the culprit and severity.
  @Test func everyFormatListsTheCauses() {
    let report = report([
      failure("full.differential", Self.deleteAll, [1, 2, 3]),
      failure("meta.valueSemantics.full", Self.deleteAll, [1, 2]),
    ])
    let cause =
      "snapshot: deleteAllItems() [wrong result]: 2 failures in full.differential, "
      + "meta.valueSemantics.full"
    let summary = SummaryRenderer.render(report)
    #expect(summary.contains("## Causes\n\n- \(cause)\n"), "\(summary)")
    #expect(summary.contains("## full.differential: failure (snapshot: deleteAllItems())"))
    #expect(summary.contains("- The same cause in: `meta.valueSemantics.full`"))
    #expect(summary.contains("**FAILED**: 1 cause (2 failures) in"))
    let html = HTMLRenderer.render(report)
    #expect(html.contains("<h2>Causes</h2>\n<ul>\n<li>\(cause)</li>"))
    #expect(html.contains("<li>The same cause in: <code>meta.valueSemantics.full</code></li>"))
    let junit = JUnitRenderer.render(report)
    #expect(junit.contains("the same cause in: meta.valueSemantics.full"))
    #expect(report.failures[0].shortHeading == "failure (snapshot: deleteAllItems(), wrong result)")
    #expect(
      failure("p", Self.appendTrap, [1]).shortHeading
        == "crash (trap in snapshot: appendSections(_:), trap)")
  }
}
