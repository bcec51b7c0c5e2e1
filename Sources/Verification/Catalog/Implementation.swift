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
/// A part played by a type of the reference model (`ModelSnapshot`,
/// `ModelSectionSnapshot`, `ModelDiffer`, `ModelDataSource`, with any
/// identifiers, or `NoDiffer`) is a stand-in: no property judges it.
///
/// `misuse` says how the types react to calls Apple rejects
/// (`MisuseBehavior`), refined per call family (`misuse(_:for:)`) and per
/// kind of misuse (`misuse(_:forKinds:)`). The catalog's runner hands the
/// implementation a rejected call only when its reaction is declared
/// `.throws` or `.ignores`, and checks that reaction. For identifiers other
/// than `Int`, see
/// `Implementation.mapped(name:snapshot:sectionSnapshot:identifiers:misuse:differ:)`.
public struct Implementation<
  Snapshot: SnapshotProtocol<Int, Int>,
  SectionSnapshot: SectionSnapshotProtocol<Int>,
  Differ: DifferProtocol<Snapshot>,
  DataSource: DataSourceProtocol
>: Sendable where DataSource.Section == Int, DataSource.Item == Int {
  /// A short name used in property descriptions and reports.
  public var name: String
  /// How the types react to calls Apple rejects: the default for every
  /// call family and kind of misuse without its own declaration.
  public var misuse: MisuseBehavior
  /// Per call family, a reaction other than `misuse` (see
  /// `misuse(_:for:)`); a family's declaration wins over a kind's.
  public var misuseByFamily: [MisuseFamily: MisuseBehavior] = [:]
  /// Per kind of misuse, a reaction other than `misuse` (see
  /// `misuse(_:forKinds:)`).
  public var misuseByKind: [MisuseKind: MisuseBehavior] = [:]
  /// The documented limits of the differ (`DifferLimit`): failures they
  /// explain are listed as limitations, not failures (see `limits(_:)`).
  public var differLimits: [DifferLimit] = []
  /// The parts that are the implementation's own; the catalog checks only
  /// these (by default all but the stand-ins).
  public var parts: ImplementationParts
  /// Makes the differ under test.
  public let makeDiffer: @Sendable () -> Differ
  /// The Swift type name of the full snapshot, for rendered test code.
  public var snapshotTypeName: String
  /// The Swift type name of the section snapshot, for rendered test code.
  public var sectionSnapshotTypeName: String
  /// The Swift type name of the differ, for rendered test code.
  public var differTypeName: String
  /// The Swift expression that makes the differ in rendered test code: by
  /// default `DifferType()`, or for a `ComposedDiffer` the composition of
  /// its base's `init()`. Set it when the differ is made another way.
  public var differExpression: String
  /// The Swift type name of the data source, for rendered test code.
  public var dataSourceTypeName: String
  /// The Swift type name of the data source's full snapshot, for rendered
  /// test code.
  public var dataSourceSnapshotTypeName: String
  /// The Swift type name of the data source's section snapshot, for
  /// rendered test code.
  public var dataSourceSectionSnapshotTypeName: String
  /// The identifiers' mapping from the catalog's `Int`s (`IntIdentifiers`
  /// unless mapped).
  var identifiers: any IdentifierMapping.Type = IntIdentifiers.self
  /// The modules, user types and identifier types rendered tests name.
  var terms = UserTerms()

  /// Creates an implementation description.
  /// - Parameters:
  ///   - name: a short name for reports.
  ///   - snapshot: the full snapshot type.
  ///   - sectionSnapshot: the section snapshot type.
  ///   - dataSource: the data-source type.
  ///   - misuse: how the types react to calls Apple rejects.
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
    differExpression = SwiftCode.expression(making: Differ.self, named: differTypeName)
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

  /// How calls of `family` react to misuse (its own declaration, else the
  /// default).
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

  /// The same implementation, declaring that misuse of `kinds` reacts with
  /// `behavior` in every family without a declaration of its own.
  ///
  /// ```swift
  /// // Traps on a missing id, lets a repeated one through.
  /// let backport = Implementation(name: "backport", ..., misuse: .traps) { ... }
  ///   .misuse(.ignores, forKinds: .repeatedId)
  /// ```
  public func misuse(_ behavior: MisuseBehavior, forKinds kinds: MisuseKind...) -> Self {
    var result = self
    for kind in kinds { result.misuseByKind[kind] = behavior }
    return result
  }

  /// The same implementation, declaring limits of its differ: the
  /// failures a declared limit explains are listed as "limitation, seen in
  /// N of M cases" in the console, every report and the result, never as
  /// failures. Everything else is still judged, and a batch UIKit would
  /// raise on always fails.
  ///
  /// ```swift
  /// let nested = Implementation.differOnly(name: "nested") { NestedAdapter() }
  ///   .limits(.noCrossSectionMoves)
  /// ```
  public func limits(_ limits: DifferLimit...) -> Self { self.limits(limits) }

  /// The same implementation, declaring `limits` of its differ (see
  /// `limits(_:)`); `DifferLimit.allCases` declares every one.
  public func limits(_ limits: [DifferLimit]) -> Self {
    var result = self
    for limit in limits where !result.differLimits.contains(limit) {
      result.differLimits.append(limit)
    }
    result.differLimits.sort()
    return result
  }

  /// Every declared reaction, as the catalog's runner applies it.
  var misusePolicy: MisusePolicy {
    MisusePolicy(fallback: misuse, families: misuseByFamily, kinds: misuseByKind)
  }

  /// The user's identifiers as literals, for every text a check makes.
  var literals: Literals { identifiers.literals }
}

extension IdentifierMapping {
  /// This mapping's literals.
  static var literals: Literals { Literals(self) }
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
  /// or any other) and runs only the properties of the differ; the others
  /// are skipped and named by `Catalog.skipped(for:)`.
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
  /// The reference model, every part judged (a smoke test of the
  /// catalog: it must pass every required property).
  public static var model: ModelImplementation {
    var model = ModelImplementation(name: "model") { ModelDiffer<Int, Int>() }
    model.parts = .all
    return model
  }
}
