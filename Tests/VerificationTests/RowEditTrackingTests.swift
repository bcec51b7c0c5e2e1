import SnapshotCore
import SnapshotEngine
import TestSupport
import Testing

@testable import Verification

/// A section snapshot that tells its visible-row edits
/// (`visibleRowEdits(since:)`) has the data source replay them instead of
/// comparing rows, so an edit it forgets leaves the wrong rows shown: the
/// catalog's data-source family catches that, and passes a type that
/// forwards the engine's edits faithfully.
@Suite struct RowEditTrackingTests {
  /// Forwards every call to the engine, its row edits included.
  struct ForwardsRowEdits: ForwardingSectionSnapshot {
    var base = EngineSectionSnapshot<Int>()
    init() {}
    init(base: EngineSectionSnapshot<Int>) { self.base = base }
    func visibleRowEdits(since origin: Self) -> [VisibleRowEdit<Int>]? {
      base.visibleRowEdits(since: origin.base)
    }
  }

  /// Planted: the last row edit is forgotten.
  struct ForgetsLastRowEdit: ForwardingSectionSnapshot {
    var base = EngineSectionSnapshot<Int>()
    init() {}
    init(base: EngineSectionSnapshot<Int>) { self.base = base }
    func visibleRowEdits(since origin: Self) -> [VisibleRowEdit<Int>]? {
      base.visibleRowEdits(since: origin.base).map { Array($0.dropLast()) }
    }
  }

  /// The data-source family on `DiffableDataSource` over the engine's
  /// snapshot and differ and `T`.
  static func check<T: SectionSnapshotProtocol<Int>>(_ name: String, _: T.Type)
    -> ConformanceResult
  {
    let implementation = Implementation(
      name: name, snapshot: EngineSnapshot<Int, Int>.self, sectionSnapshot: T.self,
      dataSource: DiffableDataSource<EngineSnapshot<Int, Int>, T, EngineDiffer<Int, Int>>.self
    ) { EngineDiffer<Int, Int>() }
    return Conformance.check(
      implementation, families: [.datasource], seed: 5, cases: 300, environment: [:])
  }

  @Test func forgottenRowEditsAreCaught() {
    let result = Self.check("forgets a row edit", ForgetsLastRowEdit.self)
    #expect(result.failedProperties.contains("datasource.differential"), "\(result)")
  }

  @Test func faithfulRowEditsPass() {
    let result = Self.check("forwards row edits", ForwardsRowEdits.self)
    #expect(result.hasNoFailure, "\(result)")
    #expect(result.reports.count > 5, "\(result)")
  }
}
