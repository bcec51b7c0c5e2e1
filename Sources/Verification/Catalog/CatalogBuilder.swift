import SnapshotCore

/// Builds the catalog's properties for one implementation; each family
/// lives in its own `CatalogBuilder+Family.swift`.
struct CatalogBuilder<
  Snapshot: SnapshotProtocol<Int, Int>,
  SectionSnapshot: SectionSnapshotProtocol<Int>,
  Differ: DifferProtocol<Snapshot>
>: Sendable {
  let implementation: Implementation<Snapshot, SectionSnapshot, Differ>

  /// The properties of one family, in their stable order.
  func properties(of family: Catalog.Family) -> [any VisitableProperty] {
    switch family {
    case .full: return fullProperties
    case .section: return sectionProperties
    case .diff: return diffProperties
    case .expansion: return expansionProperties
    case .datasource, .reorder: return []
    case .meta: return metaProperties
    }
  }
}
