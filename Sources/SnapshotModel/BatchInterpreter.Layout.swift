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
      self.init(sections: layout.map(\.section), items: layout.map(\.items))
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

    /// The layout of plain data, everything kept from its own position;
    /// `items` holds one list per section (missing lists are empty
    /// sections, extra ones are ignored).
    init(sections: [Section], items: [[Item]]) {
      self.sections = sections
      self.items = sections.indices.map { items.indices.contains($0) ? items[$0] : [] }
      sectionOrigins = sections.indices.map { .kept(from: $0) }
      itemOrigins = self.items.enumerated().map { section, items in
        items.indices.map { .kept(from: ItemPath(section: section, item: $0)) }
      }
    }

    /// Whether both layouts hold the same sections and items, in order
    /// (origins aside).
    func hasSameData(as other: Self) -> Bool {
      sections == other.sections && items == other.items
    }

    /// The data as `section: [items] | …`.
    var dataDescription: String {
      let parts = zip(sections, items).map { "\($0): \($1)" }
      return parts.isEmpty ? "(no sections)" : parts.joined(separator: " | ")
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
