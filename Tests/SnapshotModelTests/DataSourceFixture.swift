import SnapshotCore
import Testing

@testable import SnapshotModel

/// Builders and checks shared by the `ModelDataSource` tests.
enum DataSourceFixture {
  typealias DataSource = ModelDataSource<String, String>
  typealias Snapshot = ModelSnapshot<String, String>
  typealias Tree = ModelSectionSnapshot<String>

  /// A tree with these roots, these child lists and these items expanded.
  static func tree(
    _ roots: [String], children: KeyValuePairs<String, [String]> = [:],
    expanded: [String] = []
  ) -> Tree {
    var tree = Tree()
    do {
      try tree.append(roots, to: nil)
      for (parent, items) in children {
        try tree.append(items, to: parent)
      }
    } catch {
      preconditionFailure("bad tree fixture: \(error)")
    }
    tree.expand(expanded)
    return tree
  }

  /// A data source holding `layout`, applied as a full snapshot.
  static func dataSource(_ layout: KeyValuePairs<String, [String]>) -> DataSource {
    var dataSource = DataSource()
    _ = dataSource.apply(LayoutFixture.snapshot(layout))
    return dataSource
  }

  /// Performs `change` on `dataSource` and checks that the changeset it
  /// returns takes the old snapshot to the new one, and that every section
  /// with a stored section snapshot shows exactly its visible items.
  @discardableResult
  static func checked(
    _ dataSource: inout DataSource,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ change: (inout DataSource) -> Changeset
  ) -> Changeset {
    let old = dataSource.snapshot()
    let changeset = change(&dataSource)
    let update = BatchInterpreter.replay(changeset, from: old, to: dataSource.snapshot())
    #expect(update.isCorrect, "\(changeset)\n\(update.problems)", sourceLocation: sourceLocation)
    #expect(
      rowsMismatches(dataSource).isEmpty, "\(rowsMismatches(dataSource))",
      sourceLocation: sourceLocation)
    #expect(
      dataSource.invariantViolations().isEmpty, "\(dataSource.invariantViolations())",
      sourceLocation: sourceLocation)
    return changeset
  }

  /// The sections whose rows are not their stored tree's `visibleItems`.
  static func rowsMismatches(_ dataSource: DataSource) -> [String] {
    dataSource.sectionsWithStoredSnapshots.filter { section in
      let rows = try? dataSource.snapshot().itemIdentifiers(inSection: section)
      return rows != dataSource.snapshot(for: section).visibleItems
    }
  }

  /// The items of `section` in the data source's current snapshot.
  static func rows(_ dataSource: DataSource, _ section: String) -> [String] {
    (try? dataSource.snapshot().itemIdentifiers(inSection: section)) ?? []
  }
}

/// Records handler calls in order; a class so that closures share it.
final class CallRecorder {
  /// The calls so far, e.g. `"willExpand a"`.
  var calls: [String] = []

  /// Records `call`.
  func record(_ call: String) { calls.append(call) }
}
