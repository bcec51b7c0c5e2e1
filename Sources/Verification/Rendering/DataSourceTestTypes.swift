import SnapshotCore

/// The Swift type names a rendered data-source test uses.
struct DataSourceTestTypes: Hashable, Sendable {
  /// The data source.
  var dataSource: String
  /// Its full snapshot type.
  var snapshot: String
  /// Its section snapshot type.
  var sectionSnapshot: String
  /// What its section snapshot type has: the rendered `state()` reads no
  /// `expandedItems` or `visualDescription()` the type lacks.
  var sectionCapabilities: SectionSnapshotCapabilities = .all

  /// The Swift expression for `tree`'s expanded items (through `isExpanded`
  /// when the type lacks `expandedItems`) and whether `visualDescription()`
  /// is read, as the rendered `state()` and its expected literal write them.
  var stateReads: (expanded: String, visualDescription: Bool) {
    (
      sectionCapabilities.contains(.expandedItems)
        ? "tree.expandedItems" : "tree.items.filter { (try? tree.isExpanded($0)) == true }",
      sectionCapabilities.contains(.visualDescription)
    )
  }
}
