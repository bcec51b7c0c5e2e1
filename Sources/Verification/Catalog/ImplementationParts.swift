import SnapshotCore
import SnapshotModel

/// The parts of an implementation: the catalog runs a property only when
/// the part it judges (`Property.part`) is the implementation's own; a
/// part the user does not have is played by a reference stand-in and never
/// judged.
public struct ImplementationParts: OptionSet, Hashable, Sendable {
  /// The raw bits.
  public let rawValue: Int
  /// Creates a set from its raw bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// The full snapshot.
  public static let snapshot = ImplementationParts(rawValue: 1 << 0)
  /// The section snapshot.
  public static let sectionSnapshot = ImplementationParts(rawValue: 1 << 1)
  /// The differ.
  public static let differ = ImplementationParts(rawValue: 1 << 2)
  /// The data source.
  public static let dataSource = ImplementationParts(rawValue: 1 << 3)

  /// Every part.
  public static let all: ImplementationParts = [.snapshot, .sectionSnapshot, .differ, .dataSource]

  /// The parts whose types are the reference model's own (or `NoDiffer`),
  /// with any identifiers and behind any identifier mapping.
  static func standIns<S, SS, D, DS>(
    snapshot: S.Type, sectionSnapshot: SS.Type, differ: D.Type, dataSource: DS.Type
  ) -> ImplementationParts {
    var parts: ImplementationParts = []
    if S.self is any ReferenceStandIn.Type { parts.insert(.snapshot) }
    if SS.self is any ReferenceStandIn.Type { parts.insert(.sectionSnapshot) }
    if D.self is any ReferenceStandIn.Type { parts.insert(.differ) }
    if DS.self is any ReferenceStandIn.Type { parts.insert(.dataSource) }
    return parts
  }

  /// Every part but the stand-ins.
  static func own<S, SS, D, DS>(
    snapshot: S.Type, sectionSnapshot: SS.Type, differ: D.Type, dataSource: DS.Type
  ) -> ImplementationParts {
    ImplementationParts.all.subtracting(
      standIns(snapshot: S.self, sectionSnapshot: SS.self, differ: D.self, dataSource: DS.self))
  }

  /// The part's name in reports and culprits (`snapshot`,
  /// `section snapshot`, `differ`, `data source`); the first part's, for a
  /// set of several.
  public var name: String { names.first ?? "nothing" }

  /// The names of the parts in `self`, for reports.
  public var names: [String] {
    [
      (Self.snapshot, "snapshot"), (Self.sectionSnapshot, "section snapshot"),
      (Self.differ, "differ"), (Self.dataSource, "data source"),
    ].filter { contains($0.0) }.map(\.1)
  }
}

/// A type of the reference model's (or `NoDiffer`), standing in for a
/// part an implementation does not have: recognised by type, whatever its
/// identifiers, and through an identifier mapping.
protocol ReferenceStandIn {}

extension ModelSnapshot: ReferenceStandIn {}
extension ModelSectionSnapshot: ReferenceStandIn {}
extension ModelDiffer: ReferenceStandIn {}
extension ModelDataSource: ReferenceStandIn {}
extension NoDiffer: ReferenceStandIn {}
extension MappedSnapshot: ReferenceStandIn where Base: ReferenceStandIn {}
extension MappedSectionSnapshot: ReferenceStandIn where Base: ReferenceStandIn {}
extension MappedDiffer: ReferenceStandIn where Base: ReferenceStandIn {}
extension MappedDataSource: ReferenceStandIn where Base: ReferenceStandIn {}
