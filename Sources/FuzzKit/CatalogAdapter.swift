import Verification

/// The adapter point between the fuzz command and the property catalog.
///
/// The command needs each property as a typed `Property` (wrapped in a
/// `FuzzProperty`), not only as an `AnyProperty`: `AnyProperty.run`
/// generates and checks in one call, so a worker could not announce a
/// case's replay token before a trap in the code under test kills it.
/// When the catalog lands, list its properties here (for example
/// `FuzzProperty(Catalog.fullDifferential)`); nothing else in the command
/// changes.
public enum CatalogAdapter {
  /// The catalog's properties, erased for fuzzing.
  public static var properties: [FuzzProperty] { [] }
}
