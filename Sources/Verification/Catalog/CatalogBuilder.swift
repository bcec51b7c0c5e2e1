import SnapshotCore
import SnapshotModel

/// Builds the catalog's properties for one implementation; each family
/// lives in its own `CatalogBuilder+Family.swift`.
struct CatalogBuilder<
  Snapshot: SnapshotProtocol<Int, Int>,
  SectionSnapshot: SectionSnapshotProtocol<Int>,
  Differ: DifferProtocol<Snapshot>,
  DataSource: DataSourceProtocol
>: Sendable where DataSource.Section == Int, DataSource.Item == Int {
  let implementation: Implementation<Snapshot, SectionSnapshot, Differ, DataSource>

  /// The properties of one family, in their stable order, each rendered
  /// with the implementation's identifier literals (`RenderedState`,
  /// `DataSourceLiterals`, or `Int` ids through the implementation's
  /// rewrite, applied by each property's render).
  ///
  /// Contract properties (this engine's own promises, e.g. move-minimal
  /// changesets) never judge the reference model's naive components: the
  /// data-source ones are left out when the data source is
  /// `ModelDataSource`, the differ ones when the differ is `ModelDiffer`.
  /// Only the properties of the implementation's own parts run
  /// (`Implementation.parts`); `Catalog.skippedProperties(for:families:)`
  /// names the others.
  func properties(of family: Catalog.Family) -> [any VisitableProperty] {
    let judgesReferenceDiffer = Differ.self == ModelDiffer<Int, Int>.self
    let judgesReferenceDataSource = DataSource.self == ModelDataSource<Int, Int>.self
    return parted(of: family).filter { implementation.parts.contains($0.part) }
      .filter { entry in
        entry.property.tag != .contract
          || !(entry.part == .dataSource
            ? judgesReferenceDataSource : family == .diff && judgesReferenceDiffer)
      }
      .map(\.property)
  }

  /// The family's properties with the part each checks.
  func parted(of family: Catalog.Family)
    -> [(part: ImplementationParts, property: any VisitableProperty)]
  {
    snapshotProperties(of: family).map {
      (ImplementationParts.part(ofSnapshotProperty: $0.name), $0)
    }
      + dataSourceProperties(of: family).map { (.dataSource, $0) }
  }

  /// The properties a missing capability leaves out, each with what it
  /// needs and whether the implementation has it (the family builders and
  /// `missing(for:part:)` read this one list).
  var capabilityGates: [(name: String, needs: String, present: Bool)] {
    [
      (
        "full.markOrder", "readable marks in Apple's order (`.readableMarks`, `.orderedMarks`)",
        Snapshot.capabilities.isSuperset(of: [.readableMarks, .orderedMarks])
      ),
      (
        "expansion.insertSnapshot",
        "a section snapshot's `insert(_:before:)`/`insert(_:after:)` (`.insertSnapshot`)",
        SectionSnapshot.capabilities.contains(.insertSnapshot)
      ),
      (
        "expansion.replaceChildren",
        "a section snapshot's `replace(childrenOf:using:)` (`.replaceChildren`)",
        SectionSnapshot.capabilities.contains(.replaceChildren)
      ),
    ]
  }

  /// Whether the implementation has what the property `name` needs (a
  /// property without a capability gate always runs).
  func hasCapabilities(for name: String) -> Bool {
    capabilityGates.first { $0.name == name }?.present ?? true
  }

  /// What the implementation lacks for `name`, a property of the default
  /// catalog checking `part` that this builder leaves out.
  func missing(for name: String, part: ImplementationParts) -> String {
    if let gate = capabilityGates.first(where: { $0.name == name && !$0.present }) {
      return gate.needs
    }
    let partName = part.names.first ?? "part"
    guard implementation.parts.contains(part) else {
      return "its own \(partName)" + (implementation.parts == .differ ? " (differ only)" : "")
    }
    return "its own \(partName) (a contract never judges the reference model's)"
  }

  /// The family's properties on snapshots and differs.
  private func snapshotProperties(of family: Catalog.Family) -> [any VisitableProperty] {
    switch family {
    case .full: return fullProperties
    case .section: return sectionProperties
    case .diff: return diffProperties
    case .expansion: return expansionProperties
    case .meta: return metaProperties
    case .misuse: return misuseProperties
    case .datasource, .reorder: return []
    }
  }

  /// The family's properties on the data source (after its snapshot ones),
  /// rendered with the implementation's identifiers.
  private func dataSourceProperties(of family: Catalog.Family) -> [any VisitableProperty] {
    switch family {
    case .expansion: return dataSourceExpansionProperties
    case .datasource: return dataSourceProperties
    case .reorder: return reorderProperties
    case .misuse: return misuseDataSourceProperties
    case .full, .section, .diff, .meta: return []
    }
  }
}
