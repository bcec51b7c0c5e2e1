import SnapshotCore
import SnapshotEngine
import SnapshotModel

/// An implementation of the SnapshotCore protocols to check with the
/// catalog: a full snapshot, a section snapshot, a differ and a data
/// source, all with `Int` identifiers, plus a name for reports.
///
/// The catalog runs every operation on the implementation and on the
/// reference model side by side, so the snapshot and data-source types only
/// need their protocol's `init()`; the differ is made by `makeDiffer`. The
/// data source may use its own snapshot types (they are compared through
/// the protocols); it defaults to the reference `ModelDataSource`.
public struct Implementation<
  Snapshot: SnapshotProtocol<Int, Int>,
  SectionSnapshot: SectionSnapshotProtocol<Int>,
  Differ: DifferProtocol<Snapshot>,
  DataSource: DataSourceProtocol
>: Sendable where DataSource.Section == Int, DataSource.Item == Int {
  /// A short name used in property descriptions and reports.
  public var name: String
  /// Makes the differ under test.
  public let makeDiffer: @Sendable () -> Differ

  /// Creates an implementation description.
  /// - Parameters:
  ///   - name: a short name for reports.
  ///   - snapshot: the full snapshot type.
  ///   - sectionSnapshot: the section snapshot type.
  ///   - dataSource: the data-source type.
  ///   - differ: makes the differ.
  public init(
    name: String, snapshot: Snapshot.Type = Snapshot.self,
    sectionSnapshot: SectionSnapshot.Type = SectionSnapshot.self,
    dataSource: DataSource.Type,
    differ: @escaping @Sendable () -> Differ
  ) {
    self.name = name
    makeDiffer = differ
  }

  /// The Swift type name of the full snapshot, for rendered test code.
  public var snapshotTypeName: String { String(describing: Snapshot.self) }
  /// The Swift type name of the section snapshot, for rendered test code.
  public var sectionSnapshotTypeName: String { String(describing: SectionSnapshot.self) }
  /// The Swift type name of the differ, for rendered test code.
  public var differTypeName: String { String(describing: Differ.self) }
  /// The Swift type name of the data source, for rendered test code.
  public var dataSourceTypeName: String { String(describing: DataSource.self) }
}

extension Implementation where DataSource == ModelDataSource<Int, Int> {
  /// Creates an implementation description whose data source is the
  /// reference one (for implementations without a data source).
  /// - Parameters:
  ///   - name: a short name for reports.
  ///   - snapshot: the full snapshot type.
  ///   - sectionSnapshot: the section snapshot type.
  ///   - differ: makes the differ.
  public init(
    name: String, snapshot: Snapshot.Type = Snapshot.self,
    sectionSnapshot: SectionSnapshot.Type = SectionSnapshot.self,
    differ: @escaping @Sendable () -> Differ
  ) {
    self.init(
      name: name, snapshot: snapshot, sectionSnapshot: sectionSnapshot,
      dataSource: ModelDataSource<Int, Int>.self, differ: differ)
  }
}

/// The implementation the default catalog checks: the optimized engine.
public typealias EngineImplementation = Implementation<
  EngineSnapshot<Int, Int>, EngineSectionSnapshot<Int>, EngineDiffer<Int, Int>,
  EngineDataSource<Int, Int>
>

/// The reference model as an implementation (checking it against itself is a
/// smoke test of the catalog).
public typealias ModelImplementation = Implementation<
  ModelSnapshot<Int, Int>, ModelSectionSnapshot<Int>, ModelDiffer<Int, Int>,
  ModelDataSource<Int, Int>
>

extension Implementation
where
  Snapshot == EngineSnapshot<Int, Int>, SectionSnapshot == EngineSectionSnapshot<Int>,
  Differ == EngineDiffer<Int, Int>, DataSource == EngineDataSource<Int, Int>
{
  /// The optimized engine.
  public static var engine: EngineImplementation {
    EngineImplementation(name: "engine", dataSource: EngineDataSource<Int, Int>.self) {
      EngineDiffer<Int, Int>()
    }
  }
}

extension Implementation
where
  Snapshot == ModelSnapshot<Int, Int>, SectionSnapshot == ModelSectionSnapshot<Int>,
  Differ == ModelDiffer<Int, Int>, DataSource == ModelDataSource<Int, Int>
{
  /// The reference model.
  public static var model: ModelImplementation {
    ModelImplementation(name: "model") { ModelDiffer<Int, Int>() }
  }
}
