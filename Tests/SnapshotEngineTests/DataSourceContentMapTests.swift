import SnapshotCore
import Testing

@testable import SnapshotEngine

/// The data source's content map after `apply(_:contents:)`, kept from the
/// changeset's deletes (`DiffableDataSource.updateContents`): it equals the
/// stored map merged with the new one and filtered to the items shown,
/// computed here naively.
@Suite struct DataSourceContentMapTests {
  typealias Snap = EngineSnapshot<Int, Int>

  /// Sections 0, 1 and 2 holding `items`.
  func snapshot(_ items: [[Int]]) throws -> Snap {
    var snapshot = Snap()
    try snapshot.appendSections(Array(items.indices))
    for (section, ids) in items.enumerated() { try snapshot.appendItems(ids, toSection: section) }
    return snapshot
  }

  /// The map the data source should hold: `stored` merged with `new`,
  /// kept to the items `shown` holds.
  func expected(_ stored: ContentMap<Int>, _ new: ContentMap<Int>, _ shown: Snap) -> ContentMap<Int>
  {
    stored.merging(new) { $1 }.filter { shown.indexOfItem($0.key) != nil }
  }

  /// Runs the two applies on a data source diffing with `Differ`.
  func check<Differ: DataSourceDiffer>(_: Differ.Type) throws
  where Differ.Snapshot == Snap {
    var source = DiffableDataSource<Snap, EngineSectionSnapshot<Int>, Differ>()
    let first = try snapshot([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
    let all = ContentMap<Int>(uniqueKeysWithValues: first.itemIdentifiers.map { ($0, $0) })
    _ = source.apply(first, contents: all)
    #expect(source.contentMap == all)
    // Section 2 deleted (7 and 9 moved out of it, 8 gone with it), 2, 4
    // and 6 deleted, 5 moved to section 0, 10 inserted; new values for 3,
    // 5, 10 and the missing 99.
    var second = try snapshot([[1, 5, 3], [7, 9, 10]])
    try second.reloadItems([1])
    let new: ContentMap<Int> = [3: 30, 5: 50, 10: 100, 99: 990]
    _ = source.apply(second, contents: new)
    #expect(source.contentMap == expected(all, new, second))
    #expect(source.contentMap[5] == 50 && source.contentMap[7] == 7)
    #expect(source.contentMap[2] == nil && source.contentMap[8] == nil)
    #expect(source.invariantViolations().isEmpty)
    // Everything deleted but 7.
    let third = try snapshot([[7]])
    _ = source.apply(third, contents: [:])
    #expect(source.contentMap == [7: 7])
  }

  @Test func followsDeletesAndDeletedSections() throws {
    try check(EngineDiffer<Int, Int>.self)
  }

  /// A changeset whose item deletes come in a later structural batch is
  /// not read for deletes: every stored value is checked instead (reading
  /// only the first batch would keep 2, 4 and 6).
  @Test func laterStructuralBatchesAreNotReadForDeletes() throws {
    try check(DeletesLast.self)
  }

  /// `EngineDiffer` with the structural batch's item deletes moved into a
  /// batch of their own after it (not valid for UIKit; the data source
  /// does not replay it).
  struct DeletesLast: DataSourceDiffer {
    func changeset(from old: Snap, to new: Snap, options: DiffOptions<Int>) -> Changeset {
      var changeset = EngineDiffer<Int, Int>().changeset(from: old, to: new, options: options)
      guard let first = changeset.batches.first, !first.itemDeletes.isEmpty else {
        return changeset
      }
      changeset.batches[0].itemDeletes = []
      changeset.batches.insert(Changeset.Batch(itemDeletes: first.itemDeletes), at: 1)
      return changeset
    }
  }
}
