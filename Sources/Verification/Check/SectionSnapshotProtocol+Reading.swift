import SnapshotCore

extension SectionSnapshotProtocol {
  /// `expandedItems`, or, for a type without it (no `.expandedItems`), the
  /// items `isExpanded` answers true for: the implementation's own answers
  /// either way, never the protocol's empty default.
  var expandedItemsRead: [ItemIdentifier] {
    Self.capabilities.contains(.expandedItems)
      ? expandedItems : items.filter { (try? isExpanded($0)) == true }
  }
}
