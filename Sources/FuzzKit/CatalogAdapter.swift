import Verification

/// The adapter between the fuzz command and the property catalog.
///
/// The command needs each property typed (`Property<Case>`, wrapped in a
/// `FuzzProperty`), not only as an `AnyProperty`: `AnyProperty.run`
/// generates and checks in one call, so a worker could not announce a
/// case's replay token before a trap in the code under test kills it. The
/// catalog hands out `Catalog.typedAll`, whose case types a
/// `PropertyVisitor` recovers.
public enum CatalogAdapter {
  /// The default catalog's properties (checking the engine), erased for
  /// fuzzing, in the catalog's order.
  public static var properties: [FuzzProperty] {
    fuzzProperties(Catalog.typedAll)
  }

  /// `properties` (any implementation's, e.g. from
  /// `Catalog.typedProperties(for:)`) erased for fuzzing, in their order.
  public static func fuzzProperties(_ properties: [any VisitableProperty]) -> [FuzzProperty] {
    properties.map { $0.accept(Eraser()) }
  }

  /// Wraps a typed property in a `FuzzProperty`.
  private struct Eraser: PropertyVisitor {
    func visit<Case>(_ property: Property<Case>) -> FuzzProperty { FuzzProperty(property) }
  }
}
