import Generators
import SnapshotCore

/// The property catalog (SPEC §4): every property, by stable dotted name,
/// built for any implementation of the SnapshotCore protocols and checked
/// against the reference model.
///
/// Each property is one value declaring its family, the part it judges,
/// what it needs, its tag and its CI budget (`AnyProperty`); the catalog
/// runs the ones an implementation has what they need for, and lists the
/// others as skipped with what is missing, both read from those values.
///
/// The default catalog (`Catalog.all`, what `swift test` and
/// `snapshot-fuzz` run) checks the engine. Names are stable: they appear in
/// reports, replay tokens and corpus entries.
public enum Catalog {
  /// A family of properties: the first component of their names.
  public enum Family: String, CaseIterable, Hashable, Sendable, Codable {
    /// Differential full snapshot (part A).
    case full
    /// Differential section snapshot (part B).
    case section
    /// The differ's changesets through the reference interpreter.
    case diff
    /// Expansion-state rules (B.4).
    case expansion
    /// Data-source behaviour (B.5, D).
    case datasource
    /// User reorders and transactions (C).
    case reorder
    /// Metamorphic relations and value semantics.
    case meta
    /// Calls Apple rejects must trap (implementations declared `.traps`;
    /// run in child processes by the fuzz command, skipped in process).
    case misuse
  }

  /// The properties of `families` that `implementation` runs, in a stable
  /// order (family order, then the family's own order).
  ///
  /// - Parameters:
  ///   - implementation: the types and differ the properties check.
  ///   - families: the families to include (default: all).
  ///   - includeContracts: whether to include the properties tagged
  ///     `.contract` (this engine's own promises, and points the spec
  ///     decides where Apple's behaviour is unconfirmed). By default only
  ///     Apple's semantics are checked, as a third-party implementation
  ///     wants (SPEC §3); the engine's own catalog (`Catalog.all`) passes
  ///     `true`.
  public static func properties<S, SS, D, DS>(
    for implementation: Implementation<S, SS, D, DS>,
    families: [Family] = Family.allCases, includeContracts: Bool = false
  ) -> [AnyProperty] {
    propertySet(for: implementation, families: families, includeContracts: includeContracts)
      .properties
  }

  /// The properties of `families` that the implementation's catalog
  /// leaves out, each with what it lacks: a part of its own, a capability,
  /// or a contract that would judge a reference stand-in (the engine's own
  /// API and the `misuse.` properties of a type that declares no trap are
  /// not listed).
  public static func skipped<S, SS, D, DS>(
    for implementation: Implementation<S, SS, D, DS>,
    families: [Family] = Family.allCases, includeContracts: Bool = false
  ) -> [SkippedProperty] {
    propertySet(for: implementation, families: families, includeContracts: includeContracts)
      .skipped
  }

  /// The names of `skipped(for:families:includeContracts:)`.
  public static func skippedProperties<S, SS, D, DS>(
    for implementation: Implementation<S, SS, D, DS>,
    families: [Family] = Family.allCases, includeContracts: Bool = false
  ) -> [String] {
    skipped(for: implementation, families: families, includeContracts: includeContracts)
      .map(\.name)
  }

  /// The implementation's properties and skipped list in one value whose
  /// type names no generic parameter: declare an implementation once and
  /// hand this to `SnapshotFuzz.main(_:)` or keep it in a `static let`.
  public static func propertySet<S, SS, D, DS>(
    for implementation: Implementation<S, SS, D, DS>,
    families: [Family] = Family.allCases, includeContracts: Bool = false
  ) -> PropertySet {
    let builder = CatalogBuilder(implementation: implementation)
    var set = PropertySet(implementation: implementation.name, properties: [], skipped: [])
    let catalog = builder.catalogID
    // A mapping that cannot serve the catalog is the suite's problem to
    // report, on every property, never a failure of the implementation's.
    let mapping = implementation.identifiers.mappingProblems()
    for family in Family.allCases where families.contains(family) {
      for var property in builder.properties(of: family) {
        property.catalog = catalog
        if !mapping.isEmpty { property = property.failing(with: Self.mappingFailure(mapping)) }
        switch builder.availability(of: property) {
        case .runs:
          if includeContracts || property.tag == .required { set.properties.append(property) }
        case .skipped(let missing):
          if includeContracts || property.tag == .required {
            set.skipped.append(SkippedProperty(name: property.name, missing: missing))
          }
        case .notApplicable:
          continue
        }
      }
    }
    return set
  }

  /// The failure of every case when the identifier mapping cannot serve
  /// the catalog.
  static func mappingFailure(_ problems: [String]) -> Failure {
    Failure(
      kind: FailureKind(.suite("identifier mapping")), observable: "identifier mapping",
      message: "the identifier mapping cannot serve the catalog (fix it before the "
        + "implementation can be judged): " + problems.prefix(3).joined(separator: "; "),
      actual: problems.joined(separator: "\n"))
  }

  /// The default catalog: every property, checking the engine.
  public static var all: [AnyProperty] { engineSet.properties }

  /// The default catalog as a set (`all`, and what it skips). Built here,
  /// for the engine's types, its checks are compiled for those types; the
  /// generic `propertySet(for:)` called from another module runs them
  /// through unspecialized generic code.
  public static var engineSet: PropertySet { propertySet(for: .engine, includeContracts: true) }

  /// The names of the default catalog, in order.
  public static var names: [String] { all.map(\.name) }

  /// The default catalog's property named `name`, if any.
  public static func property(named name: String) -> AnyProperty? {
    all.first { $0.name == name }
  }
}

/// An implementation's catalog: the properties it runs and the ones it
/// skips, with what it lacks for each.
public struct PropertySet: Sendable {
  /// The implementation's name.
  public var implementation: String
  /// The properties it runs, in catalog order.
  public var properties: [AnyProperty]
  /// The properties it skips, in catalog order.
  public var skipped: [SkippedProperty]

  /// Creates a set.
  public init(implementation: String, properties: [AnyProperty], skipped: [SkippedProperty]) {
    self.implementation = implementation
    self.properties = properties
    self.skipped = skipped
  }

  /// The same set with every name prefixed (for several catalogs in one
  /// fuzz executable).
  public func prefixed(_ prefix: String) -> PropertySet {
    PropertySet(
      implementation: implementation, properties: properties.map { $0.prefixed(prefix) },
      skipped: skipped.map { $0.prefixed(prefix) })
  }

  /// Both sets together, in order.
  public static func + (lhs: PropertySet, rhs: PropertySet) -> PropertySet {
    PropertySet(
      implementation: lhs.implementation + ", " + rhs.implementation,
      properties: lhs.properties + rhs.properties, skipped: lhs.skipped + rhs.skipped)
  }
}
