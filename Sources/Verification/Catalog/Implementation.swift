import SnapshotCore
import SnapshotEngine
import SnapshotModel

/// An implementation of the SnapshotCore protocols to check with the
/// catalog: a full snapshot, a section snapshot and a differ, all with `Int`
/// identifiers, plus a name for reports.
///
/// The catalog runs every operation on the implementation and on the
/// reference model side by side, so `Snapshot` and `SectionSnapshot` only
/// need their protocol's `init()`; the differ is made by `makeDiffer`.
public struct Implementation<
  Snapshot: SnapshotProtocol<Int, Int>,
  SectionSnapshot: SectionSnapshotProtocol<Int>,
  Differ: DifferProtocol<Snapshot>
>: Sendable {
  /// A short name used in property descriptions and reports.
  public var name: String
  /// Makes the differ under test.
  public let makeDiffer: @Sendable () -> Differ

  /// Creates an implementation description.
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
    self.name = name
    makeDiffer = differ
  }

  /// The Swift type name of the full snapshot, for rendered test code.
  public var snapshotTypeName: String { String(describing: Snapshot.self) }
  /// The Swift type name of the section snapshot, for rendered test code.
  public var sectionSnapshotTypeName: String { String(describing: SectionSnapshot.self) }
  /// The Swift type name of the differ, for rendered test code.
  public var differTypeName: String { String(describing: Differ.self) }
}

/// The implementation the default catalog checks: the optimized engine.
public typealias EngineImplementation = Implementation<
  EngineSnapshot<Int, Int>, EngineSectionSnapshot<Int>, EngineDiffer<Int, Int>
>

/// The reference model as an implementation (checking it against itself is a
/// smoke test of the catalog).
public typealias ModelImplementation = Implementation<
  ModelSnapshot<Int, Int>, ModelSectionSnapshot<Int>, ModelDiffer<Int, Int>
>

extension Implementation
where
  Snapshot == EngineSnapshot<Int, Int>, SectionSnapshot == EngineSectionSnapshot<Int>,
  Differ == EngineDiffer<Int, Int>
{
  /// The optimized engine.
  public static var engine: EngineImplementation {
    EngineImplementation(name: "engine") { EngineDiffer<Int, Int>() }
  }
}

extension Implementation
where
  Snapshot == ModelSnapshot<Int, Int>, SectionSnapshot == ModelSectionSnapshot<Int>,
  Differ == ModelDiffer<Int, Int>
{
  /// The reference model.
  public static var model: ModelImplementation {
    ModelImplementation(name: "model") { ModelDiffer<Int, Int>() }
  }
}
