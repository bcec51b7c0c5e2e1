import SnapshotCore

extension BatchInterpreter {
  /// A collection view's state between batches: the sections, the items of
  /// each, and where each came from.
  @usableFromInline struct Layout<Section: Hashable, Item: Hashable> {
    /// The sections, in order.
    @usableFromInline var sections: [Section]
    /// The items of `sections[i]` at index `i`.
    @usableFromInline var items: [[Item]]
    /// The origin of `sections[i]` at index `i`.
    @usableFromInline var sectionOrigins: [SectionOrigin]
    /// The origin of `items[s][i]` at `[s][i]`.
    @usableFromInline var itemOrigins: [[ItemOrigin]]

    /// The layout of `snapshot`, everything kept from its own position.
    @inlinable
    init<Snapshot: SnapshotProtocol>(_ snapshot: Snapshot)
    where Snapshot.SectionIdentifier == Section, Snapshot.ItemIdentifier == Item {
      let layout = snapshot.layout
      self.init(sections: layout.map { $0.section }, items: layout.map { $0.items })
    }

    /// Creates a layout from its parts.
    @inlinable
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
    @inlinable
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

    // coverage: only broken code (failure text)
    /// The data as `section: [items] | …`.
    var dataDescription: String {
      let parts = zip(sections, items).map { "\($0): \($1)" }
      return parts.isEmpty ? "(no sections)" : parts.joined(separator: " | ")
    }

    /// The number of items of each section, in section order.
    @inlinable
    var itemCounts: [Int] { items.map { $0.count } }

    /// The item at `path`; the path must be in range.
    @inlinable
    subscript(path: ItemPath) -> Item { items[path.section][path.item] }

    /// Whether `section` is one of the sections.
    @inlinable
    func contains(section: Section) -> Bool { sections.contains(section) }

    /// Whether `item` is in some section.
    @inlinable
    func contains(item: Item) -> Bool { items.contains { $0.contains(item) } }
  }
}

extension BatchInterpreter.Layout: Sendable where Section: Sendable, Item: Sendable {}
