import SnapshotCore

extension BatchInterpreter {
  /// A collection view's state between batches: the sections, the items of
  /// each, and where each came from.
  struct Layout<Section: Hashable, Item: Hashable> {
    /// The sections, in order.
    var sections: [Section]
    /// The items of `sections[i]` at index `i`.
    var items: [[Item]]
    /// The origin of `sections[i]` at index `i`.
    var sectionOrigins: [SectionOrigin]
    /// The origin of `items[s][i]` at `[s][i]`.
    var itemOrigins: [[ItemOrigin]]

    /// The layout of `snapshot`, everything kept from its own position.
    init<Snapshot: SnapshotProtocol>(_ snapshot: Snapshot)
    where Snapshot.SectionIdentifier == Section, Snapshot.ItemIdentifier == Item {
      let layout = snapshot.layout
      sections = layout.map(\.section)
      items = layout.map(\.items)
      sectionOrigins = sections.indices.map { .kept(from: $0) }
      itemOrigins = items.enumerated().map { section, items in
        items.indices.map { .kept(from: ItemPath(section: section, item: $0)) }
      }
    }

    /// Creates a layout from its parts.
    init(
      sections: [Section], items: [[Item]],
      sectionOrigins: [SectionOrigin], itemOrigins: [[ItemOrigin]]
    ) {
      self.sections = sections
      self.items = items
      self.sectionOrigins = sectionOrigins
      self.itemOrigins = itemOrigins
    }

    /// The number of items of each section, in section order.
    var itemCounts: [Int] { items.map(\.count) }

    /// The item at `path`; the path must be in range.
    subscript(path: ItemPath) -> Item { items[path.section][path.item] }

    /// Whether `section` is one of the sections.
    func contains(section: Section) -> Bool { sections.contains(section) }

    /// Whether `item` is in some section.
    func contains(item: Item) -> Bool { items.contains { $0.contains(item) } }
  }
}

extension BatchInterpreter.Layout: Sendable where Section: Sendable, Item: Sendable {}
