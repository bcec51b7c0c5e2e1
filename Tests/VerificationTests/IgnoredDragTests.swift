import Generators
import SnapshotCore
import SnapshotEngine
import TestSupport
import Testing

@testable import Verification

/// Data-source actions declared `.ignores` (issue 18): the catalog hands
/// such a data source the drags the reference model rejects, and the data
/// source must return no transaction and change nothing.
@Suite(.serialized) struct IgnoredDragTests {
  /// The engine's data source, throwing on every other family, ignoring
  /// rejected drags (or, with `Bug`, doing something else with them).
  static func implementation<Bug: IgnoredDragBug>(_ bug: Bug.Type) -> Implementation<
    EngineSnapshot<Int, Int>, EngineSectionSnapshot<Int>, EngineDiffer<Int, Int>,
    IgnoringDragDataSource<Bug>
  > {
    Implementation(
      name: "ignores drags", snapshot: EngineSnapshot<Int, Int>.self,
      sectionSnapshot: EngineSectionSnapshot<Int>.self,
      dataSource: IgnoringDragDataSource<Bug>.self, misuse: .throws
    ) { EngineDiffer<Int, Int>() }.misuse(.ignores, for: .dataSourceActions)
  }

  /// The failures of the reorder and data-source families on one seed,
  /// as `property: message`.
  static func failures<Bug: IgnoredDragBug>(_ bug: Bug.Type, seed: UInt64) -> [String] {
    let result = Conformance.check(
      implementation(bug), families: [.reorder, .datasource], seed: seed, cases: 150)
    return result.counterexamples.map { "\($0.property): \($0.message)" }
  }

  @Test func aDataSourceThatIgnoresRejectedDragsConforms() {
    for seed: UInt64 in 1...3 {
      #expect(Self.failures(NoIgnoredDragBug.self, seed: seed) == [], "seed \(seed)")
    }
  }

  @Test func anIgnoredDragThatMovesAnItemIsCaught() {
    let found = (1...3).contains { (seed: UInt64) in
      !Self.failures(MovesOnRejectedDrag.self, seed: seed).isEmpty
    }
    #expect(found)
  }

  @Test func anIgnoredDragThatReportsATransactionIsCaught() {
    let found = (1...3).contains { (seed: UInt64) in
      !Self.failures(ReportsRejectedDrag.self, seed: seed).isEmpty
    }
    #expect(found)
  }

  @Test func theRejectedDragIsHandedOverOnlyWhenDeclaredIgnored() throws {
    // Dragging from a row that does not exist: with `.ignores` the data
    // source sees the call, with `.traps` it never does.
    let script = DataSourceScript(commands: [
      .apply([FullScript.Layout(section: 0, items: [0, 1])], changed: []),
      .userReorder(from: ItemPath(section: 0, item: 9), to: ItemPath(section: 0, item: 0)),
    ])
    for (behavior, handed) in [(MisuseBehavior.ignores, 1), (.traps, 0)] {
      DragCounter.count = 0
      let implementation = Self.implementation(NoIgnoredDragBug.self)
        .misuse(behavior, for: .dataSourceActions)
      let property = try #require(
        Catalog.property(
          named: "datasource.differential", for: implementation, families: [.datasource]))
      #expect(!property.check(script).isFailure, "\(behavior)")
      #expect(DragCounter.count == handed, "\(behavior)")
    }
  }
}

/// Counts rejected drags handed to `IgnoringDragDataSource` (tests run
/// this suite's checks one at a time).
enum DragCounter {
  nonisolated(unsafe) static var count = 0
}

/// What `IgnoringDragDataSource` does with a drag its base rejects.
protocol IgnoredDragBug: Sendable {
  /// Whether the rejected drag moves the first row to the front instead.
  static var moves: Bool { get }
  /// Whether it reports the data source's state as a transaction.
  static var reports: Bool { get }
}

/// By default, no bug.
extension IgnoredDragBug {
  static var moves: Bool { false }
  static var reports: Bool { false }
}

/// Ignores rejected drags, as declared.
enum NoIgnoredDragBug: IgnoredDragBug {}

/// Planted: a rejected drag moves the last row of the first section to its
/// front.
enum MovesOnRejectedDrag: IgnoredDragBug {
  static var moves: Bool { true }
}

/// Planted: a rejected drag reports a transaction (of no change).
enum ReportsRejectedDrag: IgnoredDragBug {
  static var reports: Bool { true }
}

/// The engine's data source, except that a user action it rejects is
/// ignored, as a lenient backport does and as `.ignores` for the whole
/// `.dataSourceActions` family declares: a rejected drag is answered with
/// no transaction, a rejected toggle as `.ignored`.
struct IgnoringDragDataSource<Bug: IgnoredDragBug>: ForwardingDataSource {
  var base = EngineDataSource<Int, Int>()

  mutating func userToggle(_ item: Int, in section: Int) throws(SnapshotError) -> ToggleOutcome {
    (try? base.userToggle(item, in: section)) ?? .ignored
  }

  mutating func userReorder(from source: ItemPath, to destination: ItemPath)
    throws(SnapshotError) -> Transaction<EngineSnapshot<Int, Int>, EngineSectionSnapshot<Int>>?
  {
    do throws(SnapshotError) {
      return try base.userReorder(from: source, to: destination)
    } catch {
      DragCounter.count += 1
      let snapshot = base.snapshot()
      if Bug.reports {
        return Transaction(
          initialSnapshot: snapshot, finalSnapshot: snapshot,
          difference: CollectionDifference<Int>([])!,
          sectionTransactions: [])
      }
      if Bug.moves, let section = snapshot.sectionIdentifiers.first,
        let items = try? snapshot.itemIdentifiers(inSection: section), items.count > 1,
        let last = items.last
      {
        var moved = snapshot
        try? moved.moveItem(last, beforeItem: items[0])
        _ = base.apply(moved, contents: [:])
      }
      return nil
    }
  }
}
