import SnapshotCore

/// A section snapshot with the engine's queries beyond
/// `SectionSnapshotProtocol`. The catalog adds `section.engineQueries` for a
/// candidate whose section snapshot type conforms (`EngineSectionSnapshot`
/// does), and checks them against the protocol's own queries.
public protocol ExtendedSectionSnapshotProtocol: SectionSnapshotProtocol
where ItemIdentifier == Int {
  /// The number of items in the tree: `items.count`.
  var count: Int { get }
  /// The children of `item` in order (`nil`: the roots).
  /// - Throws: `.itemNotFound` when `item` is not in the tree.
  func children(of item: Int?) throws(SnapshotError) -> [Int]
}
