/// A property of the default catalog that an implementation's catalog
/// leaves out, and what the implementation lacks for it (issue 18): a
/// part of its own (a data source, a section snapshot, a differ), a
/// capability (`SnapshotCapabilities`, `SectionSnapshotCapabilities`), or
/// a contract that would judge the reference model's part. Shown, like
/// skipped calls, in `ConformanceResult` and every fuzz report.
public struct SkippedProperty: Hashable, Sendable, Codable {
  /// The property's catalog name.
  public var name: String
  /// What the implementation lacks for it.
  public var missing: String

  /// Creates an entry.
  public init(name: String, missing: String) {
    self.name = name
    self.missing = missing
  }

  /// The same entry named `prefix` + its name, as
  /// `AnyProperty.prefixed(_:)` names the properties that run (for
  /// several catalogs in one fuzz executable).
  public func prefixed(_ prefix: String) -> SkippedProperty {
    SkippedProperty(name: prefix + name, missing: missing)
  }

  /// `name (needs missing)`, as reports list it.
  public var description: String { "\(name) (needs \(missing))" }
}

extension [SkippedProperty] {
  /// The entries grouped by what they lack, in order of first appearance:
  /// `needs its own data source (differ only): datasource.differential,
  /// datasource.refresh`.
  public var grouped: [String] {
    var reasons: [String] = []
    for entry in self where !reasons.contains(entry.missing) { reasons.append(entry.missing) }
    return reasons.map { reason in
      "needs \(reason): " + filter { $0.missing == reason }.map(\.name).joined(separator: ", ")
    }
  }
}
