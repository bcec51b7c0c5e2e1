import Generators
import SnapshotCore
import SnapshotModel

/// Builds the catalog's properties for one implementation; each family
/// lives in its own `CatalogBuilder+Family.swift`, where each property is
/// declared as one value (`Property.declared(family:part:needs:tag:budget:)`).
struct CatalogBuilder<
  Snapshot: SnapshotProtocol<Int, Int>,
  SectionSnapshot: SectionSnapshotProtocol<Int>,
  Differ: DifferProtocol<Snapshot>,
  DataSource: DataSourceProtocol
>: Sendable where DataSource.Section == Int, DataSource.Item == Int {
  let implementation: Implementation<Snapshot, SectionSnapshot, Differ, DataSource>

  /// Whether the property runs for the implementation, is skipped for a
  /// reason the reports show, or does not apply to it at all.
  enum Availability: Equatable {
    case runs
    case skipped(String)
    case notApplicable
  }

  /// The properties of one family, in their stable order, before any is
  /// left out.
  func properties(of family: Catalog.Family) -> [AnyProperty] {
    switch family {
    case .full: return fullProperties
    case .section: return sectionProperties
    case .diff: return diffProperties
    case .expansion: return expansionProperties
    case .datasource: return dataSourceProperties
    case .reorder: return reorderProperties
    case .meta: return metaProperties
    case .misuse: return misuseProperties
    }
  }

  /// The parts played by reference stand-ins.
  var standIns: ImplementationParts {
    ImplementationParts.standIns(
      snapshot: Snapshot.self, sectionSnapshot: SectionSnapshot.self, differ: Differ.self,
      dataSource: DataSource.self)
  }

  /// Whether `property` runs for the implementation, read from the facts
  /// it declares: its part must be the implementation's own (and, for a
  /// contract, not a stand-in), its needs met.
  func availability(of property: AnyProperty) -> Availability {
    let needs = property.needs
    if needs.engineAPI
      && (!hasEngineAPI(property.part) || !implementation.parts.isSuperset(of: property.part))
    {
      return .notApplicable
    }
    if !needs.trapping.isEmpty && !needs.trapping.contains(where: implementation.misusePolicy.traps)
    {
      return .notApplicable
    }
    guard implementation.parts.isSuperset(of: property.part) else {
      let part = property.part.subtracting(implementation.parts).name
      return .skipped("its own \(part)" + (implementation.parts == .differ ? " (differ only)" : ""))
    }
    if property.tag == .contract, !standIns.intersection(property.part).isEmpty {
      return .skipped(
        "its own \(property.part.name) (a contract never judges the reference model's)")
    }
    let lacking =
      needs.snapshot.subtracting(Snapshot.capabilities).names.map { "`\($0)`" }
      + needs.sectionSnapshot.subtracting(SectionSnapshot.capabilities).names.map { "`\($0)`" }
      + needs.dataSourceSectionSnapshot.subtracting(DataSource.SectionSnapshot.capabilities)
      .names.map { "the data source's `\($0)`" }
    guard lacking.isEmpty else { return .skipped(lacking.joined(separator: ", ")) }
    return .runs
  }

  /// Whether the type of `part` has the engine's extra API.
  private func hasEngineAPI(_ part: ImplementationParts) -> Bool {
    if part.contains(.sectionSnapshot) {
      return SectionSnapshot.self is any ExtendedSectionSnapshotProtocol.Type
    }
    return Snapshot.self is any ExtendedSnapshotProtocol.Type
  }

  /// The fingerprint of the implementation: its name and its types'.
  var catalogID: CatalogID {
    CatalogID(
      name: [
        implementation.name, implementation.snapshotTypeName,
        implementation.sectionSnapshotTypeName, implementation.differTypeName,
        implementation.dataSourceTypeName, String(reflecting: implementation.identifiers),
      ].joined(separator: "\u{1F}"))
  }

  /// The misuse policy every check applies.
  var policy: MisusePolicy { implementation.misusePolicy }

  /// The user's identifiers as literals.
  var literals: Literals { implementation.literals }

  /// The id universe of the `full.` and `diff.` families.
  static var fullUniverse: FullScript.Universe { FullScript.Universe(sections: 5, items: 30) }

  /// The id universe of the `section.` and `expansion.` families.
  static var sectionUniverse: Int { 30 }

  /// The section-id universe of data-source sessions.
  static var dataSourceUniverse: FullScript.Universe { FullScript.Universe(sections: 4, items: 30) }
}
