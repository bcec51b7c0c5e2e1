import SnapshotCore

/// What an implementation must have for a property to run, beyond the part
/// the property judges: capabilities of its types, the engine's extra API,
/// or a call family declared to trap. Declared with the property; the
/// catalog reads it to run the property or to list it as skipped with what
/// is missing.
public struct PropertyNeeds: Hashable, Sendable {
  /// Capabilities of the full snapshot.
  public var snapshot: SnapshotCapabilities = []
  /// Capabilities of the section snapshot.
  public var sectionSnapshot: SectionSnapshotCapabilities = []
  /// Capabilities of the data source's section snapshot.
  public var dataSourceSectionSnapshot: SectionSnapshotCapabilities = []
  /// The engine's extra API (`ExtendedSnapshotProtocol`,
  /// `ExtendedSectionSnapshotProtocol`): a property of the engine's own,
  /// never listed as skipped for another implementation.
  public var engineAPI = false
  /// Call families of which at least one must be declared to trap (the
  /// `misuse.traps.` properties); never listed as skipped.
  public var trapping: [MisuseFamily] = []

  /// Needs nothing more.
  public init() {}

  /// Needs the full snapshot's `capabilities`.
  public static func snapshot(_ capabilities: SnapshotCapabilities) -> PropertyNeeds {
    var needs = PropertyNeeds()
    needs.snapshot = capabilities
    return needs
  }

  /// Needs the section snapshot's `capabilities`.
  public static func sectionSnapshot(_ capabilities: SectionSnapshotCapabilities) -> PropertyNeeds {
    var needs = PropertyNeeds()
    needs.sectionSnapshot = capabilities
    return needs
  }

  /// Needs the data source's section snapshot's `capabilities`.
  public static func dataSourceSectionSnapshot(_ capabilities: SectionSnapshotCapabilities)
    -> PropertyNeeds
  {
    var needs = PropertyNeeds()
    needs.dataSourceSectionSnapshot = capabilities
    return needs
  }

  /// Needs the engine's extra API.
  public static let engineAPI: PropertyNeeds = {
    var needs = PropertyNeeds()
    needs.engineAPI = true
    return needs
  }()

  /// Needs one of `families` declared to trap.
  public static func trapping(_ families: [MisuseFamily]) -> PropertyNeeds {
    var needs = PropertyNeeds()
    needs.trapping = families
    return needs
  }
}
