extension EngineSnapshot {
  /// The shared, copy-on-write state of an `EngineSnapshot`.
  ///
  /// The section list and the per-section item arrays are the truth; the
  /// rest is derived:
  ///
  /// - `sectionIndex` (section → position) is kept exact by every mutation;
  /// - `entries` maps each item to its section *identifier* (exact, so a
  ///   section move touches no item) and to a *slot*, a small integer fixed
  ///   while the item stays; each section keeps the slots of its items in a
  ///   parallel array, and `positions[slot]` caches the item's index within
  ///   its section, exact only below that section's `staleFrom` watermark
  ///   (refreshing it writes an array, it hashes nothing);
  /// - `prefix` holds, for each section, the number of items in the
  ///   sections before it, exact only below `prefixValid`.
  ///
  /// Both watermarks only move down on mutation and are pushed back up
  /// lazily by the queries that need them, so bulk building and editing
  /// never pay for the global index, and a query pays only for the suffix
  /// that changed since the last one.
  ///
  /// Invariant used by the lazy local index: every cached index is either
  /// exact or at least the section's `staleFrom`. Inserting or removing at
  /// local position *p* lowers `staleFrom` to at most *p*, and only items at
  /// positions ≥ *p* shift, so a cached index below `staleFrom` is exact.
  ///
  /// Queries refresh the caches through a shared reference; the snapshot is
  /// therefore not `Sendable` (the compiler stops copies crossing isolation
  /// domains), which keeps that lazy refresh race-free.
  @usableFromInline
  final class Storage {
    @usableFromInline
    struct Section {
      @usableFromInline var id: SectionIdentifier
      @usableFromInline var items: [ItemIdentifier]
      /// The slot of `items[i]` at index `i`.
      @usableFromInline var slots: [Int]
      /// Cached local indices are exact below this position.
      @usableFromInline var staleFrom: Int

      @inlinable
      init(id: SectionIdentifier) {
        self.id = id
        self.items = []
        self.slots = []
        self.staleFrom = 0
      }
    }

    @usableFromInline
    struct Entry {
      /// The owning section (exact).
      @usableFromInline var section: SectionIdentifier
      /// The item's slot in `positions`.
      @usableFromInline var slot: Int

      @inlinable init(section: SectionIdentifier, slot: Int) {
        self.section = section
        self.slot = slot
      }
    }

    @usableFromInline var sections: [Section]
    @usableFromInline var sectionIndex: [SectionIdentifier: Int]
    @usableFromInline var entries: [ItemIdentifier: Entry]
    /// The cached index within its section of the item in each slot.
    @usableFromInline var positions: [Int]
    /// Slots free for reuse.
    @usableFromInline var freeSlots: [Int]
    @usableFromInline var prefix: [Int]
    @usableFromInline var prefixValid: Int
    @usableFromInline var reloadedItems: OrderedMarks<ItemIdentifier>
    @usableFromInline var reloadedSections: OrderedMarks<SectionIdentifier>
    @usableFromInline var reconfiguredItems: OrderedMarks<ItemIdentifier>

    @inlinable
    init() {
      sections = []
      sectionIndex = [:]
      entries = [:]
      positions = []
      freeSlots = []
      prefix = []
      prefixValid = 0
      reloadedItems = OrderedMarks()
      reloadedSections = OrderedMarks()
      reconfiguredItems = OrderedMarks()
    }

    @inlinable
    init(copying other: Storage) {
      sections = other.sections
      sectionIndex = other.sectionIndex
      entries = other.entries
      positions = other.positions
      freeSlots = other.freeSlots
      prefix = other.prefix
      prefixValid = other.prefixValid
      reloadedItems = other.reloadedItems
      reloadedSections = other.reloadedSections
      reconfiguredItems = other.reconfiguredItems
    }

    @inlinable var itemCount: Int { entries.count }

    // MARK: Lazy caches

    /// The exact index of `item` (whose entry is `entry`) within section
    /// `position`.
    /// - Complexity: amortised O(1); O(*s*) after a mutation at *s*
    ///   positions from the section's end.
    @inlinable
    func localIndex(
      of item: ItemIdentifier, entry: Entry, inSection position: Int
    ) -> Int {
      let cached = positions[entry.slot]
      if cached < sections[position].staleFrom { return cached }
      reindexSection(at: position)
      return positions[entry.slot]
    }

    /// Makes every cached local index of the section exact.
    /// - Complexity: O(*s*) array writes, where *s* is the stale suffix.
    @inlinable
    func reindexSection(at position: Int) {
      let start = sections[position].staleFrom
      let slots = sections[position].slots
      guard start < slots.count else { return }
      positions.withUnsafeMutableBufferPointer { cache in
        for index in start..<slots.count { cache[slots[index]] = index }
      }
      sections[position].staleFrom = slots.count
    }

    /// The exact index of an item within its section, once the section has
    /// been reindexed.
    @inlinable
    func exactIndex(of entry: Entry) -> Int { positions[entry.slot] }

    /// A free slot caching `index`.
    @inlinable
    func allocateSlot(caching index: Int) -> Int {
      if let slot = freeSlots.popLast() {
        positions[slot] = index
        return slot
      }
      positions.append(index)
      return positions.count - 1
    }

    /// The number of items before section `position`.
    /// - Complexity: amortised O(1); O(*m*) after a change *m* sections
    ///   from the end.
    @inlinable
    func itemsBefore(section position: Int) -> Int {
      if position < prefixValid { return prefix[position] }
      if prefix.count < sections.count {
        prefix.append(contentsOf: repeatElement(0, count: sections.count - prefix.count))
      }
      var running = prefixValid == 0 ? 0 : prefix[prefixValid - 1]
        + sections[prefixValid - 1].items.count
      for index in prefixValid..<sections.count {
        prefix[index] = running
        running += sections[index].items.count
      }
      prefixValid = sections.count
      return prefix[position]
    }

    /// Marks the prefix counts stale from section `position` on.
    @inlinable
    func invalidatePrefix(from position: Int) {
      if position < prefixValid { prefixValid = position }
    }

    /// Rebuilds `sectionIndex` for the sections from `position` on.
    /// - Complexity: O(*m*), *m* the sections from `position` on.
    @inlinable
    func reindexSections(from position: Int) {
      for index in position..<sections.count {
        sectionIndex[sections[index].id] = index
      }
      invalidatePrefix(from: position)
    }
  }
}

extension EngineSnapshot.Storage {
  // MARK: Primitive edits (no validation; callers validate first)

  /// Inserts `ids` (none of them present) into section `position` at local
  /// index `index`.
  /// - Complexity: O(*k* + *s*), *k* the ids, *s* the items after `index`.
  @inlinable
  func insert(_ ids: [ItemIdentifier], intoSection position: Int, at index: Int) {
    guard !ids.isEmpty else { return }
    let sectionID = sections[position].id
    let oldCount = sections[position].items.count
    let wasClean = sections[position].staleFrom == oldCount
    sections[position].items.insert(contentsOf: ids, at: index)
    entries.reserveCapacity(entries.count + ids.count)
    var newSlots: [Int] = []
    newSlots.reserveCapacity(ids.count)
    for (offset, id) in ids.enumerated() {
      let slot = allocateSlot(caching: index + offset)
      newSlots.append(slot)
      entries[id] = Entry(section: sectionID, slot: slot)
    }
    sections[position].slots.insert(contentsOf: newSlots, at: index)
    if wasClean && index == oldCount {
      sections[position].staleFrom = oldCount + ids.count
    } else if index < sections[position].staleFrom {
      sections[position].staleFrom = index
    }
    invalidatePrefix(from: position + 1)
  }

  /// Removes the present items `ids` (each once) from their sections.
  /// - Complexity: O(*k* log *k* + Σ *s*), *k* the ids, *s* the size of each
  ///   touched section from its first removed position on.
  @inlinable
  func remove(_ ids: [ItemIdentifier]) {
    var places: [(section: Int, index: Int)] = []
    places.reserveCapacity(ids.count)
    for id in ids {
      guard let entry = entries[id], let position = sectionIndex[entry.section]
      else { continue }
      places.append((position, localIndex(of: id, entry: entry, inSection: position)))
    }
    for id in ids {
      if let entry = entries.removeValue(forKey: id) { freeSlots.append(entry.slot) }
    }
    if places.count > 1 {
      places.sort { ($0.section, $0.index) < ($1.section, $1.index) }
    }
    var start = 0
    while start < places.count {
      var end = start + 1
      while end < places.count && places[end].section == places[start].section {
        end += 1
      }
      removePositions(places[start..<end].map(\.index), fromSection: places[start].section)
      start = end
    }
  }

  /// Removes the items at the ascending local `indices` of a section.
  @inlinable
  func removePositions(_ indices: [Int], fromSection position: Int) {
    guard let first = indices.first else { return }
    if indices.count == 1 {
      sections[position].items.remove(at: first)
      sections[position].slots.remove(at: first)
    } else {
      Self.compact(&sections[position].items, removing: indices)
      Self.compact(&sections[position].slots, removing: indices)
    }
    if first < sections[position].staleFrom { sections[position].staleFrom = first }
    if sections[position].staleFrom > sections[position].items.count {
      sections[position].staleFrom = sections[position].items.count
    }
    invalidatePrefix(from: position + 1)
  }

  /// Removes the elements at the ascending `indices` in one pass.
  @inlinable
  static func compact<Element>(_ array: inout [Element], removing indices: [Int]) {
    guard let first = indices.first else { return }
    array.withUnsafeMutableBufferPointer { buffer in
      var write = first
      var next = 0
      for read in first..<buffer.count {
        if next < indices.count && indices[next] == read {
          next += 1
          continue
        }
        buffer.swapAt(write, read)
        write += 1
      }
    }
    array.removeLast(indices.count)
  }

  /// Inserts new, empty sections at `position`.
  /// - Complexity: O(*k* + *m*), *m* the sections after `position`.
  @inlinable
  func insertSections(_ ids: [SectionIdentifier], at position: Int) {
    guard !ids.isEmpty else { return }
    sections.insert(contentsOf: ids.map { Section(id: $0) }, at: position)
    reindexSections(from: position)
  }

  /// Removes the sections at the given positions with all their items.
  /// - Complexity: O(*m* + removed items), *m* the number of sections.
  @inlinable
  func removeSections(at positions: [Int]) -> [ItemIdentifier] {
    guard let lowest = positions.min() else { return [] }
    let doomed = Set(positions)
    var removedItems: [ItemIdentifier] = []
    var kept: [Section] = []
    kept.reserveCapacity(sections.count - doomed.count)
    for (position, section) in sections.enumerated() {
      if doomed.contains(position) {
        sectionIndex[section.id] = nil
        for item in section.items { entries[item] = nil }
        freeSlots.append(contentsOf: section.slots)
        removedItems.append(contentsOf: section.items)
      } else {
        kept.append(section)
      }
    }
    sections = kept
    reindexSections(from: lowest)
    return removedItems
  }
}
