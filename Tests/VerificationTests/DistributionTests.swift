import Generators
import SnapshotModel
import TestSupport
import Testing
import Verification

/// The generators reach the classes that matter, checked as coverage
/// requirements through the one-line `check` helper (the model against
/// itself, so only the distribution can fail).
@Suite struct DistributionTests {
  @Test func fullScriptsCoverTheImportantClasses() {
    let report = check(
      Property(
        "selftest.fullSnapshot.distribution", generator: FullScript.generator(),
        coverage: [
          .cover(minimumShare: 0.3, "crossSectionMoveItem"), .cover(minimumShare: 0.3, "throws"),
          .cover(minimumShare: 0.1, "moveSection"), .cover(minimumShare: 0.05, "deleteAllItems"),
          .cover(minimumShare: 0.05, "reinsertedItem"), .cover(minimumShare: 0.01, "emptyStart"),
        ],
        labels: \.labels, observations: \.observations,
        check: { _ in .pass }),
      base: RunConfiguration(seed: 1, cases: 300))
    print(report?.statistics.table ?? "")
  }

  @Test func sectionScriptsCoverTheImportantClasses() {
    let report = check(
      Property(
        "selftest.sectionSnapshot.distribution", generator: SectionScript.generator(),
        coverage: [
          .cover(minimumShare: 0.1, "collapseOverExpandedDescendant"),
          .cover(minimumShare: 0.2, "deleteSubtree"), .cover(minimumShare: 0.2, "throws"),
          .cover(minimumShare: 0.2, "replaceChildren"), .cover(minimumShare: 0.2, "insertSnapshot"),
        ],
        labels: \.labels, observations: \.observations,
        check: { _ in .pass }),
      base: RunConfiguration(seed: 1, cases: 200))
    print(report?.statistics.table ?? "")
  }

  @Test func dataSourceScriptsCoverTheImportantClasses() {
    let report = check(
      Property(
        "selftest.dataSource.distribution", generator: DataSourceScript.generator(),
        coverage: [
          .cover(minimumShare: 0.05, "reorderOfParent"),
          .cover(minimumShare: 0.15, "crossSectionReorder"),
          .cover(minimumShare: 0.2, "expanded"), .cover(minimumShare: 0.1, "collapsed"),
          .cover(minimumShare: 0.02, "refusedReorder"), .cover(minimumShare: 0.02, "vetoedToggle"),
        ],
        labels: \.labels, observations: \.observations,
        check: { _ in .pass }),
      base: RunConfiguration(seed: 1, cases: 200))
    print(report?.statistics.table ?? "")
  }

  @Test func diffPairsCoverTheImportantClasses() {
    let report = check(
      Property(
        "selftest.diffPair.distribution", generator: DiffPair.generator(),
        coverage: [
          .cover(minimumShare: 0.2, "crossSectionMove"), .cover(minimumShare: 0.1, "sectionMove"),
          .cover(minimumShare: 0.3, "contentChange"), .cover(minimumShare: 0.1, "reconfigure"),
          .cover(minimumShare: 0.1, "marks"),
        ],
        labels: \.labels, observations: \.observations, check: { _ in .pass }),
      base: RunConfiguration(seed: 1, cases: 200))
    print(report?.statistics.table ?? "")
  }
}
