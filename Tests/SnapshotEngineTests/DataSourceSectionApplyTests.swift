import Generators
import SnapshotModel
import Testing

@testable import SnapshotCore
@testable import SnapshotEngine

/// The data source's section apply rebuilds only the middle of the section
/// (`DiffableDataSource.replaceItems(of:with:in:)`): the common prefix and
/// suffix of the section's items and the new rows stay in place. Checked
/// here against the naive rebuild (every item of the section deleted, the
/// rows appended) on seeded cases: rows that keep a prefix and a suffix,
/// take items from other sections, reorder, empty the section, or go to a
/// section that does not exist yet.
@Suite struct DataSourceSectionApplyTests {
  typealias Snap = EngineSnapshot<Int, Int>
  typealias Source = EngineDataSource<Int, Int>
  typealias Replace = (Int, [Int], inout Snap) -> Void

  /// The naive rebuild the data source did before: delete the section's
  /// items, then append the rows (R-exists moves in ids shown elsewhere).
  static func rebuilt(_ section: Int, _ rows: [Int], _ snapshot: inout Snap) {
    if snapshot.indexOfSection(section) == nil { try? snapshot.appendSections([section]) }
    try? snapshot.deleteItems((try? snapshot.itemIdentifiers(inSection: section)) ?? [])
    try? snapshot.appendItems(rows, toSection: section)
  }

  /// A snapshot of one to three sections (0, 1, 2) holding distinct ids
  /// below 40.
  func snapshot(_ rng: inout SplitMix64) -> Snap {
    var snapshot = Snap()
    let sections = 1 + rng.below(3)
    try? snapshot.appendSections(Array(0..<sections))
    for id in Array(0..<40).shuffled(using: &rng).prefix(rng.below(30)) {
      try? snapshot.appendItems([id], toSection: rng.below(sections))
    }
    return snapshot
  }

  /// New rows for `section`: its items with a random middle replaced by
  /// a shuffle of the old middle, ids of other sections and new ids; or,
  /// one case in five, the section's items reversed.
  func rows(for section: Int, in snapshot: Snap, _ rng: inout SplitMix64) -> [Int] {
    let shown = (try? snapshot.itemIdentifiers(inSection: section)) ?? []
    if rng.below(5) == 0 { return shown.reversed() }
    let start = rng.below(shown.count + 1)
    let end = start + rng.below(shown.count - start + 1)
    var middle = Array(shown[start..<end]).filter { _ in rng.below(4) != 0 }
    let elsewhere = snapshot.itemIdentifiers.filter { !shown.contains($0) }
    middle += elsewhere.filter { _ in rng.below(3) == 0 }
    middle += (0..<rng.below(3)).map { 100 + $0 }
    return Array(shown[..<start]) + middle.shuffled(using: &rng) + Array(shown[end...])
  }

  /// The cases (of 400 seeded ones) where `replace` leaves a snapshot
  /// other than the naive rebuild's.
  func disagreements(_ replace: Replace) -> [String] {
    var rng = SplitMix64(seed: 0x5EC7_1011)
    var found: [String] = []
    for _ in 0..<400 {
      let before = snapshot(&rng)
      let section = rng.below(4)
      let rows = rows(for: section, in: before, &rng)
      var expected = before
      Self.rebuilt(section, rows, &expected)
      var actual = before
      replace(section, rows, &actual)
      let same =
        actual.sectionIdentifiers == expected.sectionIdentifiers
        && expected.sectionIdentifiers.allSatisfy {
          (try? actual.itemIdentifiers(inSection: $0))
            == (try? expected.itemIdentifiers(inSection: $0))
        }
      if !same {
        found.append("section \(section) of \(before) to \(rows): \(actual), not \(expected)")
      }
    }
    return found
  }

  @Test func replacingTheMiddleEqualsRebuildingTheSection() {
    let found = disagreements { Source.replaceItems(of: $0, with: $1, in: &$2) }
    let count = found.count
    #expect(count == 0, "\(found.prefix(3))")
  }

  /// A planted replace that only appends the rows the section lacks
  /// (neither removing the items the rows drop nor reordering) is caught.
  @Test func aReplaceThatOnlyAppendsIsCaught() {
    let found = disagreements { section, rows, snapshot in
      if snapshot.indexOfSection(section) == nil { try? snapshot.appendSections([section]) }
      let shown = (try? snapshot.itemIdentifiers(inSection: section)) ?? []
      try? snapshot.appendItems(rows.filter { !shown.contains($0) }, toSection: section)
    }
    #expect(!found.isEmpty)
  }

  /// A derived section snapshot with one item appended, applied back: the
  /// data source shows the tree's visible items, stores the tree, and the
  /// changeset is the one insert.
  @Test func aDerivedTreeAppliesAsItsOneInsert() throws {
    var source = Source()
    var tree = EngineSectionSnapshot<Int>()
    try tree.append(Array(0..<50), to: nil)
    try tree.append(Array(100..<150), to: 7)
    tree.expand([7])
    var other = Snap()
    try other.appendSections([1])
    try other.appendItems([500, 501], toSection: 1)
    _ = source.apply(other)
    _ = source.apply(tree, to: 0)
    var derived = source.snapshot(for: 0)
    try derived.append([999], to: 7)
    let changeset = source.apply(derived, to: 0)
    #expect(changeset.batches.count == 1)
    #expect(changeset.batches.first?.itemInserts == [ItemPath(section: 1, item: 58)])
    #expect(changeset.itemMoveCount == 0 && changeset.batches.first?.itemDeletes == [])
    #expect(try source.snapshot().itemIdentifiers(inSection: 0) == derived.visibleItems)
    #expect(source.snapshot(for: 0) == derived)
    #expect(source.invariantViolations().isEmpty)
  }

  /// A section snapshot applied to a section that has one takes its place
  /// among the stored ones, also when the old tree could not have been
  /// carried to the new rows (here reordered roots): model and engine
  /// alike (`DataSourceProtocol`).
  @Test func anAppliedTreeTakesTheStoredOnesPlace() throws {
    func applied<Source: DataSourceProtocol>(_: Source.Type) throws -> Source
    where Source.Section == String, Source.Item == String {
      var source = Source()
      var first = Source.SectionSnapshot()
      try first.append(["a", "b"], to: nil)
      var second = Source.SectionSnapshot()
      try second.append(["c"], to: nil)
      var reordered = Source.SectionSnapshot()
      try reordered.append(["b", "a"], to: nil)
      _ = source.apply(first, to: "A")
      _ = source.apply(second, to: "B")
      _ = source.apply(reordered, to: "A")
      return source
    }
    let engine = try applied(EngineDataSource<String, String>.self)
    let model = try applied(ModelDataSource<String, String>.self)
    #expect(engine.sectionsWithStoredSnapshots == ["A", "B"])
    #expect(model.sectionsWithStoredSnapshots == ["A", "B"])
    #expect(try engine.snapshot().itemIdentifiers(inSection: "A") == ["b", "a"])
  }
}
