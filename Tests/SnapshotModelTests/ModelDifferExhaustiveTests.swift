import SnapshotCore
import Testing

@testable import SnapshotModel

/// Exhaustive small scope: the naive diff round-trips through the
/// interpreter, with no violation and identity respected, for every pair of
/// layouts of tiny universes.
@Suite struct ModelDifferExhaustiveTests {
  typealias Snapshot = LayoutFixture.Snapshot

  /// Every permutation-and-split of four items over two sections `[A, B]`,
  /// the same with the sections swapped, and with `A` alone (so `B` is
  /// deleted or inserted): 264 layouts. A section deleted while another is
  /// inserted is covered by the three-item universe.
  static let fourItemLayouts: [Snapshot] = [["A", "B"], ["B", "A"], ["A"]]
    .flatMap {
      LayoutFixture.layouts(items: ["a", "b", "c", "d"], sections: $0, subsets: false)
    }

  /// Every arrangement of every subset of three items over `[A, B]`,
  /// `[B, A]`, `[C, A]`, `[B]` and no section at all: 164 layouts, with items
  /// deleted and inserted between them.
  static let threeItemLayouts: [Snapshot] = [["A", "B"], ["B", "A"], ["C", "A"], ["B"], []]
    .flatMap {
      LayoutFixture.layouts(items: ["a", "b", "c"], sections: $0, subsets: true)
    }

  /// The pairs `old → new` (for every `new`) whose diff does not replay
  /// correctly, described; at most five.
  static func failures(from old: Snapshot, among layouts: [Snapshot]) -> [String] {
    var failures: [String] = []
    for new in layouts where failures.count < 5 {
      let changeset = ModelDiffer().changeset(from: old, to: new)
      let update = BatchInterpreter.replay(changeset, from: old, to: new)
      var problems = update.problems + update.shapeViolations.map(\.description)
      if changeset.batches.count > 1 { problems.append("more than one batch") }
      if (old == new) != changeset.isEmpty { problems.append("emptiness") }
      if !problems.isEmpty {
        failures.append(
          "\(LayoutFixture.text(old)) → \(LayoutFixture.text(new))\n\(changeset)\n\(problems)")
      }
    }
    return failures
  }

  @Test func theUniversesHaveTheExpectedSizes() {
    #expect(Self.fourItemLayouts.count == 264)
    #expect(Self.threeItemLayouts.count == 164)
    #expect(Set(Self.fourItemLayouts.map(LayoutFixture.text)).count == 264)
  }

  @Test(arguments: 0..<264)
  func everyPairOfFourItemLayoutsRoundTrips(oldIndex: Int) {
    let failures = Self.failures(
      from: Self.fourItemLayouts[oldIndex], among: Self.fourItemLayouts)
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
  }

  @Test(arguments: 0..<164)
  func everyPairOfThreeItemSubsetLayoutsRoundTrips(oldIndex: Int) {
    let failures = Self.failures(
      from: Self.threeItemLayouts[oldIndex], among: Self.threeItemLayouts)
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
  }

  /// For every pair of the three-item universe, with marks and content
  /// changes spread over the new snapshot: the refresh batch names exactly
  /// the expected ids (a reload mark wins; content changes reconfigure).
  @Test(arguments: 0..<164)
  func everyPairRefreshesExactlyTheMarkedAndChangedSurvivors(oldIndex: Int) throws {
    let old = Self.threeItemLayouts[oldIndex]
    var failures: [String] = []
    for plain in Self.threeItemLayouts where failures.count < 5 {
      let items = plain.itemIdentifiers
      let survivors = items.filter { old.indexOfItem($0) != nil }
      var new = plain
      try new.reloadItems(items.enumerated().filter { $0.offset % 3 == 1 }.map(\.element))
      try new.reconfigureItems(items.enumerated().filter { $0.offset % 2 == 0 }.map(\.element))
      let changed = items.enumerated().filter { $0.offset % 3 == 2 }.map(\.element)
      let options = DiffOptions<String>(
        oldContent: Dictionary(uniqueKeysWithValues: old.itemIdentifiers.map { ($0, 1) }),
        newContent: Dictionary(
          uniqueKeysWithValues: items.map { ($0, changed.contains($0) ? 2 : 1) }),
        contentUpdate: .reconfigure)
      let reloaded = survivors.filter { new.reloadedItemIdentifiers.contains($0) }
      let reconfigured = survivors.filter {
        !reloaded.contains($0)
          && (new.reconfiguredItemIdentifiers.contains($0) || changed.contains($0))
      }
      let changeset = ModelDiffer().changeset(from: old, to: new, options: options)
      let update = BatchInterpreter.replay(changeset, from: old, to: new)
      if !update.isCorrect || update.reloadedItems != reloaded
        || update.reconfiguredItems != reconfigured
      {
        failures.append(
          "\(LayoutFixture.text(old)) → \(LayoutFixture.text(new))\n\(changeset)\n"
            + "\(update.problems) reloaded \(update.reloadedItems) reconfigured \(update.reconfiguredItems)"
        )
      }
    }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
  }

  @Test func theCheckCatchesABrokenDiffer() {
    let old = LayoutFixture.snapshot(["A": ["a", "b"], "B": ["c"]])
    let new = LayoutFixture.snapshot(["B": ["c", "a"], "A": ["b"]])
    var changeset = ModelDiffer().changeset(from: old, to: new)
    changeset.batches[0].itemMoves.removeFirst()
    #expect(!BatchInterpreter.replay(changeset, from: old, to: new).isCorrect)
  }
}
