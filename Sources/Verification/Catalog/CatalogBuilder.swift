import SnapshotCore

/// Builds the catalog's properties for one implementation; each family
/// lives in its own `CatalogBuilder+Family.swift`.
struct CatalogBuilder<
  Snapshot: SnapshotProtocol<Int, Int>,
  SectionSnapshot: SectionSnapshotProtocol<Int>,
  Differ: DifferProtocol<Snapshot>,
  DataSource: DataSourceProtocol
>: Sendable where DataSource.Section == Int, DataSource.Item == Int {
  let implementation: Implementation<Snapshot, SectionSnapshot, Differ, DataSource>

  /// The properties of one family, in their stable order, rendered with
  /// the implementation's identifier literals.
  func properties(of family: Catalog.Family) -> [any VisitableProperty] {
    let rewrite = implementation.renderIdentifiers
    let dataSourceType = implementation.dataSourceTypeName
    // Data sources keep the catalog's `Int` ids (they are not mapped), so a
    // test that drives one is left exactly as rendered.
    return unrendered(family).map {
      $0.accept(RenderRewriter { code in code.contains(dataSourceType) ? code : rewrite(code) })
    }
  }

  private func unrendered(_ family: Catalog.Family) -> [any VisitableProperty] {
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
}
