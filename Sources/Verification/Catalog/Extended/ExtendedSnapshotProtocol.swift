import SnapshotCore

/// A full snapshot with the engine's API beyond `SnapshotProtocol`: stored
/// content fingerprints and direct lookups. The catalog adds
/// `full.engineQueries` and `diff.storedContents` for a candidate whose
/// snapshot type conforms (`EngineSnapshot` does), and checks this API
/// against the answers derived from the protocol's own queries.
public protocol ExtendedSnapshotProtocol: SnapshotProtocol
where SectionIdentifier == Int, ItemIdentifier == Int {
  /// Appends `identifiers` as `appendItems(_:toSection:)` does and stores
  /// `contents[i]` as the content of `identifiers[i]`.
  mutating func appendItems(
    _ identifiers: [Int], contents: [Int], toSection section: Int?
  ) throws(SnapshotError)
  /// The content stored with `item`, or `nil`.
  func content(of item: Int) -> Int?
  /// Makes room for `minimumItemCount` items; changes nothing observable.
  mutating func reserveCapacity(_ minimumItemCount: Int)
  /// The index path of `item`, or `nil`: `itemPath(of:)`.
  func indexPath(of item: Int) -> ItemPath?
  /// Whether `item` is in the snapshot: `indexOfItem(item) != nil`.
  func contains(item: Int) -> Bool
}
