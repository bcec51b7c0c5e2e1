extension VisitableProperty {
  /// The same property named `prefix` + its name, so the catalogs of
  /// several implementations can run in one fuzz executable (names are
  /// unique there, and appear in tokens, reports and corpus entries).
  ///
  /// ```swift
  /// SnapshotFuzz.main(
  ///   properties: Catalog.typedProperties(for: snapshots).map { $0.prefixed("snapshot.") }
  ///     + Catalog.typedProperties(for: staged).map { $0.prefixed("staged.") })
  /// ```
  public func prefixed(_ prefix: String) -> any VisitableProperty {
    accept(Renaming(prefix: prefix))
  }
}

/// Prefixes a typed property's name.
private struct Renaming: PropertyVisitor {
  let prefix: String

  func visit<Case>(_ property: Property<Case>) -> any VisitableProperty {
    var renamed = property
    renamed.name = prefix + property.name
    return renamed
  }
}
