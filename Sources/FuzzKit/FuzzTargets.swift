import Foundation
import Verification

/// The properties `snapshot-fuzz` runs.
public enum FuzzTargets {
  /// The default catalog: every property, checking the engine.
  public static var standard: PropertyTarget {
    PropertyTarget(Catalog.engineSet)
  }
}
