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
///
/// `misuse` says how the snapshot types react to calls Apple rejects
/// (`MisuseBehavior`), with `misuse(_:for:)` per call family: unless every
/// family throws, the catalog wraps them in `GuardedSnapshot` /
/// `GuardedSectionSnapshot`, which hand them a rejected call only when its
/// family is declared `.throws` or `.ignores` (and check their reaction). For identifiers other than `Int`, see
/// `Implementation.mapped(name:snapshot:sectionSnapshot:identifiers:misuse:differ:)`.
public struct Implementation<
  Snapshot: SnapshotProtocol<Int, Int>,
  SectionSnapshot: SectionSnapshotProtocol<Int>,
  Differ: DifferProtocol<Snapshot>,
  DataSource: DataSourceProtocol
>: Sendable where DataSource.Section == Int, DataSource.Item == Int {
  /// A short name used in property descriptions and reports.
  public var name: String
  /// How the snapshot types react to calls Apple rejects: the default for
  /// every call family without its own entry in `misuseByFamily`.
  public var misuse: MisuseBehavior
  /// Per call family, a reaction other than `misuse` (see
  /// `misuse(_:for:)`).
  public var misuseByFamily: [MisuseFamily: MisuseBehavior] = [:]
  /// The parts that are the implementation's own; the catalog checks only
  /// these (by default all but those played by the reference model's types,
  /// `ModelSnapshot`, `ModelSectionSnapshot`, `ModelDataSource`;
  /// `differOnly` has only `.differ`; `.model` has all).
  public var parts: ImplementationParts
  /// Makes the differ under test.
  public let makeDiffer: @Sendable () -> Differ
  /// The Swift type name of the full snapshot, for rendered test code.
  public var snapshotTypeName: String
  /// The Swift type name of the section snapshot, for rendered test code.
  public var sectionSnapshotTypeName: String
  /// The Swift type name of the differ, for rendered test code.
  public var differTypeName: String
  /// The Swift type name of the data source, for rendered test code.
  public var dataSourceTypeName: String
  /// The Swift type name of the data source's full snapshot, for rendered
  /// test code.
  public var dataSourceSnapshotTypeName: String
  /// The Swift type name of the data source's section snapshot, for
  /// rendered test code.
  public var dataSourceSectionSnapshotTypeName: String
  /// The identifiers rendered data-source tests are written with (the data
  /// source's own: `IntIdentifiers` unless mapped).
  var identifiers: any IdentifierMapping.Type = IntIdentifiers.self
  /// Rewrites a rendered test to the user's identifier literals (identity
  /// for `Int` identifiers).
  var renderIdentifiers: @Sendable (String) -> String = { $0 }
  /// The modules, user types and identifier types rendered tests name.
  var terms = UserTerms()

  /// Creates an implementation description.
  /// - Parameters:
  ///   - name: a short name for reports.
  ///   - snapshot: the full snapshot type.
  ///   - sectionSnapshot: the section snapshot type.
  ///   - dataSource: the data-source type.
  ///   - misuse: how the snapshot types react to calls Apple rejects.
  ///   - differ: makes the differ.
  public init(
    name: String, snapshot: Snapshot.Type = Snapshot.self,
    sectionSnapshot: SectionSnapshot.Type = SectionSnapshot.self,
    dataSource: DataSource.Type, misuse: MisuseBehavior = .throws,
    differ: @escaping @Sendable () -> Differ
  ) {
    self.name = name
    self.misuse = misuse
    parts = ImplementationParts.own(
      snapshot: Snapshot.self, sectionSnapshot: SectionSnapshot.self, differ: Differ.self,
      dataSource: DataSource.self)
    makeDiffer = differ
    snapshotTypeName = String(describing: Snapshot.self)
    sectionSnapshotTypeName = String(describing: SectionSnapshot.self)
    differTypeName = String(describing: Differ.self)
    dataSourceTypeName = String(describing: DataSource.self)
    dataSourceSnapshotTypeName = String(describing: DataSource.Snapshot.self)
    dataSourceSectionSnapshotTypeName = String(describing: DataSource.SectionSnapshot.self)
    terms.note(Snapshot.self, as: snapshotTypeName)
    terms.note(SectionSnapshot.self, as: sectionSnapshotTypeName)
    terms.note(Differ.self, as: differTypeName)
    terms.note(DataSource.self, as: dataSourceTypeName)
    terms.note(DataSource.Snapshot.self, as: dataSourceSnapshotTypeName)
    terms.note(DataSource.SectionSnapshot.self, as: dataSourceSectionSnapshotTypeName)
  }

  /// The same implementation with its snapshot types and data source
  /// behind guards that never hand them a call the reference model rejects;
  /// rendered tests keep naming the original types.
  func guarded() -> Implementation<
    GuardedSnapshot<Snapshot>, GuardedSectionSnapshot<SectionSnapshot>, GuardedDiffer<Differ>,
    GuardedDataSource<DataSource>
  > {
    let make = makeDiffer
    var result = Implementation<
      GuardedSnapshot<Snapshot>, GuardedSectionSnapshot<SectionSnapshot>, GuardedDiffer<Differ>,
      GuardedDataSource<DataSource>
    >(name: name, dataSource: GuardedDataSource<DataSource>.self, misuse: misuse) {
      GuardedDiffer(make())
    }
    result.takeNames(of: self)
    return result
  }

  /// How calls of `family` react to misuse.
  public func misuse(for family: MisuseFamily) -> MisuseBehavior {
    misuseByFamily[family] ?? misuse
  }

  /// The same implementation, declaring that calls of `families` react to
  /// misuse with `behavior` (the other families keep theirs).
  ///
  /// ```swift
  /// let backport = Implementation(name: "backport", ..., misuse: .traps) { ... }
  ///   .misuse(.ignores, for: .marks, .sectionSnapshotMutations)
  /// ```
  public func misuse(_ behavior: MisuseBehavior, for families: MisuseFamily...) -> Self {
    var result = self
    for family in families { result.misuseByFamily[family] = behavior }
    return result
  }

  /// The families whose misuse traps (`misuse.traps.` checks them).
  var trappingFamilies: Set<MisuseFamily> {
    Set(MisuseFamily.allCases.filter { misuse(for: $0) == .traps })
  }

  /// Every family's declared reaction, as the guards apply it.
  var misusePolicy: MisusePolicy {
    MisusePolicy(
      behaviors: Dictionary(
        uniqueKeysWithValues: MisuseFamily.allCases.map { ($0, misuse(for: $0)) }))
  }

  /// Whether some family does not throw: the catalog then runs the
  /// implementation behind guards that hand it only the rejected calls of
  /// families declared `.throws` or `.ignores` (and check its reaction).
  var isGuarded: Bool { MisuseFamily.allCases.contains { misuse(for: $0) != .throws } }

  /// Takes `other`'s rendering: type names, identifiers and rewrite.
  mutating func takeNames<S, SS, D, DS>(of other: Implementation<S, SS, D, DS>) {
    snapshotTypeName = other.snapshotTypeName
    sectionSnapshotTypeName = other.sectionSnapshotTypeName
    differTypeName = other.differTypeName
    dataSourceTypeName = other.dataSourceTypeName
    dataSourceSnapshotTypeName = other.dataSourceSnapshotTypeName
    dataSourceSectionSnapshotTypeName = other.dataSourceSectionSnapshotTypeName
    identifiers = other.identifiers
    parts = other.parts
    misuseByFamily = other.misuseByFamily
    renderIdentifiers = other.renderIdentifiers
    terms = other.terms
  }
}

extension Implementation where DataSource == ModelDataSource<Int, Int> {
  /// Creates an implementation description whose data source is the
  /// reference one (for implementations without a data source).
  /// - Parameters:
  ///   - name: a short name for reports.
  ///   - snapshot: the full snapshot type.
  ///   - sectionSnapshot: the section snapshot type.
  ///   - misuse: how the snapshot types react to calls Apple rejects.
  ///   - differ: makes the differ.
  public init(
    name: String, snapshot: Snapshot.Type = Snapshot.self,
    sectionSnapshot: SectionSnapshot.Type = SectionSnapshot.self,
    misuse: MisuseBehavior = .throws,
    differ: @escaping @Sendable () -> Differ
  ) {
    self.init(
      name: name, snapshot: snapshot, sectionSnapshot: sectionSnapshot,
      dataSource: ModelDataSource<Int, Int>.self, misuse: misuse, differ: differ)
  }
}

extension Implementation
where SectionSnapshot == ModelSectionSnapshot<Int>, DataSource == ModelDataSource<Int, Int> {
  /// A user with only a differ (plain or staged): the catalog hands it
  /// snapshots of `Snapshot` (the reference `ModelSnapshot`, the engine's,
  /// or any other; `.layout` gives the plain sections and items) and runs
  /// only the properties of the differ (`diff.`, `meta.reverse`,
  /// `meta.compose`); the others are skipped and named by
  /// `Catalog.skippedProperties(for:families:)`.
  ///
  /// ```swift
  /// let mine = Implementation.differOnly(name: "mine") { MyDifferOverModelSnapshots() }
  /// ```
  public static func differOnly(
    name: String, differ: @escaping @Sendable () -> Differ
  ) -> Implementation {
    var result = Implementation(
      name: name, dataSource: ModelDataSource<Int, Int>.self, misuse: .throws, differ: differ)
    result.parts = .differ
    return result
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
    var model = ModelImplementation(name: "model") { ModelDiffer<Int, Int>() }
    model.parts = .all
    return model
  }
}
