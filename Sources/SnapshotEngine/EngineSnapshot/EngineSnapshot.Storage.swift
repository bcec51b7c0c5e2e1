extension EngineSnapshot {
  /// The shared, copy-on-write state of an `EngineSnapshot`.
  ///
  /// The section list and the per-section item arrays are the truth; the
  /// rest is derived:
  ///
  /// - `sectionIndex` (section → position) is kept exact by every mutation;
  /// - `entries` maps each item to its section *identifier* (exact, so a
  ///   section move touches no item) and to a cached index within the
  ///   section, exact only below that section's `staleFrom` watermark;
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
      /// Cached local indices are exact below this position.
      @usableFromInline var staleFrom: Int

      @inlinable
      init(id: SectionIdentifier, items: [ItemIdentifier] = []) {
        self.id = id
        self.items = items
        self.staleFrom = items.count
      }
    }

    @usableFromInline
    struct Entry {
      /// The owning section (exact).
      @usableFromInline var section: SectionIdentifier
      /// The index within the section (exact below its `staleFrom`).
      @usableFromInline var index: Int

      @inlinable init(section: SectionIdentifier, index: Int) {
        self.section = section
        self.index = index
      }
    }

    @usableFromInline var sections: [Section]
    @usableFromInline var sectionIndex: [SectionIdentifier: Int]
    @usableFromInline var entries: [ItemIdentifier: Entry]
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
      if entry.index < sections[position].staleFrom { return entry.index }
      reindexSection(at: position)
      return entries[item]?.index ?? entry.index
    }

    /// Makes every cached local index of the section exact.
    /// - Complexity: O(*s*), where *s* is the stale suffix.
    @inlinable
    func reindexSection(at position: Int) {
      let section = sections[position]
      guard section.staleFrom < section.items.count else { return }
      for index in section.staleFrom..<section.items.count {
        entries[section.items[index]]?.index = index
      }
      sections[position].staleFrom = section.items.count
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
    for (offset, id) in ids.enumerated() {
      entries[id] = Entry(section: sectionID, index: index + offset)
    }
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
    for id in ids { entries[id] = nil }
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
    } else {
      sections[position].items.withUnsafeMutableBufferPointer { buffer in
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
      sections[position].items.removeLast(indices.count)
    }
    if first < sections[position].staleFrom { sections[position].staleFrom = first }
    if sections[position].staleFrom > sections[position].items.count {
      sections[position].staleFrom = sections[position].items.count
    }
    invalidatePrefix(from: position + 1)
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
