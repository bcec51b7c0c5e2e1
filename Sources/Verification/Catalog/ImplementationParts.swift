import SnapshotModel

/// The parts of an implementation that are the user's own (issue 18): the
/// catalog runs a property only when the part it checks is; a part the
/// user does not have is played by the reference model and never judged.
public struct ImplementationParts: OptionSet, Hashable, Sendable {
  /// The raw bits.
  public let rawValue: Int
  /// Creates a set from its raw bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// The full snapshot (`full.`, `meta.valueSemantics.full`,
  /// `misuse.traps.full`).
  public static let snapshot = ImplementationParts(rawValue: 1 << 0)
  /// The section snapshot (`section.`, the section-snapshot `expansion.`
  /// rules, `meta.valueSemantics.section`, `misuse.traps.section`).
  public static let sectionSnapshot = ImplementationParts(rawValue: 1 << 1)
  /// The differ (`diff.`, `meta.reverse`, `meta.compose`).
  public static let differ = ImplementationParts(rawValue: 1 << 2)
  /// The data source (`datasource.`, `reorder.`, the data-source
  /// `expansion.` rules, `misuse.traps.datasource`).
  public static let dataSource = ImplementationParts(rawValue: 1 << 3)

  /// Every part.
  public static let all: ImplementationParts = [.snapshot, .sectionSnapshot, .differ, .dataSource]

  /// The part a snapshot, section-snapshot or differ property checks, by
  /// its name (data-source properties are the data source's by
  /// construction).
  static func part(ofSnapshotProperty name: String) -> ImplementationParts {
    if name.hasPrefix("full.") || name.hasSuffix(".full") { return .snapshot }
    if name.hasPrefix("section.") || name.hasPrefix("expansion.") || name.hasSuffix(".section") {
      return .sectionSnapshot
    }
    return .differ
  }

  /// Every part but those the reference model's own types play (and the
  /// differ when it is `NoDiffer`).
  static func own<S, SS, D, DS>(
    snapshot: S.Type, sectionSnapshot: SS.Type, differ: D.Type, dataSource: DS.Type
  ) -> ImplementationParts {
    var parts = ImplementationParts.all
    if D.self is any AbsentPart.Type { parts.remove(.differ) }
    if S.self == ModelSnapshot<Int, Int>.self { parts.remove(.snapshot) }
    if SS.self == ModelSectionSnapshot<Int>.self { parts.remove(.sectionSnapshot) }
    if DS.self == ModelDataSource<Int, Int>.self { parts.remove(.dataSource) }
    return parts
  }

  /// The names of the parts in `self`, for reports.
  public var names: [String] {
    [
      (Self.snapshot, "snapshot"), (Self.sectionSnapshot, "section snapshot"),
      (Self.differ, "differ"),
      (Self.dataSource, "data source"),
    ].filter { contains($0.0) }.map(\.1)
  }
}
