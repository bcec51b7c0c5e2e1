import SnapshotCore

/// The property catalog (SPEC §4): every property, by stable dotted name,
/// built for any implementation of the SnapshotCore protocols and checked
/// against the reference model.
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
    /// Calls Apple rejects must trap (`.traps` implementations only; run in
    /// child processes by the fuzz command, skipped in process).
    case misuse
  }

  /// The properties of `families` for `implementation`, in a stable order
  /// (family order, then the family's own order).
  ///
  /// - Parameters:
  ///   - implementation: the types and differ the properties check.
  ///   - families: the families to include (default: all).
  ///   - includeContracts: whether to include the properties tagged
  ///     `.contract` (this engine's own promises). Pass `false` to check only
  ///     Apple's semantics, as a third-party implementation usually wants.
  public static func properties<S, SS, D, DS>(
    for implementation: Implementation<S, SS, D, DS>,
    families: [Family] = Family.allCases, includeContracts: Bool = true
  ) -> [AnyProperty] {
    typedProperties(for: implementation, families: families, includeContracts: includeContracts)
      .map { $0.eraseToAnyProperty() }
  }

  /// The same properties with their case types recoverable by a
  /// `PropertyVisitor` (for the fuzz command, which generates and checks a
  /// case in two steps).
  ///
  /// - Parameters:
  ///   - implementation: the types and differ the properties check.
  ///   - families: the families to include (default: all).
  ///   - includeContracts: as in `properties(for:families:includeContracts:)`.
  public static func typedProperties<S, SS, D, DS>(
    for implementation: Implementation<S, SS, D, DS>,
    families: [Family] = Family.allCases, includeContracts: Bool = true
  ) -> [any VisitableProperty] {
    allTyped(for: implementation, families: families)
      .filter { includeContracts || $0.tag == .required }
  }

  private static func allTyped<S, SS, D, DS>(
    for implementation: Implementation<S, SS, D, DS>, families: [Family]
  ) -> [any VisitableProperty] {
    let builder = CatalogBuilder(implementation: implementation)
    let selected = Family.allCases.filter(families.contains)
    let userTerms = implementation.userTerms(implementation.identifiers)
    guard implementation.isGuarded else {
      return selected.flatMap { builder.properties(of: $0) }.map(userTerms)
    }
    let guarded = CatalogBuilder(implementation: implementation.guarded())
    let policy = implementation.misusePolicy
    return selected.flatMap { family in
      family == .misuse
        ? builder.properties(of: family)
        : guarded.properties(of: family).map { $0.accept(GuardedPropertyRewriter(policy: policy)) }
    }.map(userTerms)
  }

  /// The names of the properties of `families` that the default catalog
  /// (the engine's, without the properties of its extra API) runs and
  /// `implementation`'s does not: they check a part it does
  /// not have (`Implementation.parts`: no data source of its own, only a
  /// differ) or a capability it lacks (`full.markOrder` without
  /// `.orderedMarks`), in catalog order. (`misuse.` properties, which only
  /// `.traps` implementations have, are not listed.)
  public static func skippedProperties<S, SS, D, DS>(
    for implementation: Implementation<S, SS, D, DS>,
    families: [Family] = Family.allCases, includeContracts: Bool = true
  ) -> [String] {
    skipped(for: implementation, families: families, includeContracts: includeContracts)
      .map(\.name)
  }

  /// `skippedProperties(for:families:includeContracts:)` with what the
  /// implementation lacks for each (a part of its own, a capability, or a
  /// contract that would judge the reference model), for reports:
  /// `SnapshotFuzz.main(properties:skipped:)` shows them in every fuzz
  /// report.
  public static func skipped<S, SS, D, DS>(
    for implementation: Implementation<S, SS, D, DS>,
    families: [Family] = Family.allCases, includeContracts: Bool = true
  ) -> [SkippedProperty] {
    let run = Set(
      properties(for: implementation, families: families, includeContracts: includeContracts)
        .map(\.name))
    let engine = CatalogBuilder(implementation: .engine)
    let engineOnly = engine.engineOnlyNames
    let selected = Family.allCases.filter(families.contains)
    let builder = CatalogBuilder(implementation: implementation)
    return selected.flatMap { engine.parted(of: $0) }
      .filter { includeContracts || $0.property.tag == .required }
      .filter { !run.contains($0.property.name) && !engineOnly.contains($0.property.name) }
      .map {
        SkippedProperty(
          name: $0.property.name, missing: builder.missing(for: $0.property.name, part: $0.part))
      }
  }

  /// The default catalog with recoverable case types.
  public static var typedAll: [any VisitableProperty] { typedProperties(for: .engine) }

  /// The default catalog: every property, checking the engine.
  public static var all: [AnyProperty] { properties(for: .engine) }

  /// The names of the default catalog, in order.
  public static var names: [String] { all.map(\.name) }

  /// The default catalog's property named `name`, if any.
  public static func property(named name: String) -> AnyProperty? {
    all.first { $0.name == name }
  }
}
