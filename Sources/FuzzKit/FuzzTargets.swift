import Foundation
import Verification

/// The properties `snapshot-fuzz` runs.
public enum FuzzTargets {
  /// The environment variable that adds the planted properties.
  public static let plantedVariable = "DIFFABLE_PLANTED"

  /// The catalog's properties, plus the planted ones when
  /// `DIFFABLE_PLANTED=1` is set in `environment`.
  public static func standard(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> PropertyTarget {
    target(CatalogAdapter.properties, environment: environment)
  }

  /// `properties`, plus the planted ones when `DIFFABLE_PLANTED=1` is set
  /// in `environment`.
  public static func target(
    _ properties: [FuzzProperty],
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> PropertyTarget {
    var properties = properties
    if environment[plantedVariable] == "1" { properties += PlantedProperties.all }
    return PropertyTarget(properties)
  }
}
