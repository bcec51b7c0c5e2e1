extension EngineSnapshot {
  /// The shared, copy-on-write state of an `EngineSnapshot`.
  ///
  /// The section list and the per-section item arrays are the truth; the
  /// rest is derived:
  ///
  /// - `sectionIndex` (section → position) is kept exact by every mutation;
  /// - `entries` maps each item to its section's *token* (a small number
  ///   fixed while the section exists, so a section move touches no item;
  ///   `tokenPositions[token]` is the section's position, kept exact with
  ///   `sectionIndex`) and to a *slot*, a small integer fixed while the
  ///   item stays; each section keeps the slots of its items in a parallel
  ///   array, and `positions[slot]` caches the item's index within its
  ///   section, exact only below that section's `staleFrom` watermark
  ///   (refreshing it writes an array, it hashes nothing). Tokens, slots and
  ///   cached indices are 32-bit, so an entry is 8 bytes beside its key and
  ///   the slot and cache arrays 4 bytes per item (a snapshot holds fewer
  ///   than 2³¹ items);
  /// - `prefix` holds, for each section, the number of items in the
  ///   sections before it, exact only below `prefixValid`;
  /// - `contents[slot]` is the content fingerprint stored with the item in
  ///   that slot, known only where `contentKnown[slot]` (both arrays stay
  ///   empty until content is first stored, and may be shorter than
  ///   `positions`: a slot past their end has no content).
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
      /// The section's token, fixed while it exists.
      @usableFromInline var token: Int32
      @usableFromInline var items: [ItemIdentifier]
      /// The slot of `items[i]` at index `i`.
      @usableFromInline var slots: [Int32]
      /// Cached local indices are exact below this position.
      @usableFromInline var staleFrom: Int

      @inlinable
      init(id: SectionIdentifier, token: Int32) {
        self.id = id
        self.token = token
        self.items = []
        self.slots = []
        self.staleFrom = 0
      }
    }

    /// What the table holds per item: 8 bytes.
    @usableFromInline
    struct Entry {
      /// The owning section's token (exact).
      @usableFromInline var rawToken: Int32
      /// The item's slot in `positions`.
      @usableFromInline var rawSlot: Int32

      @inlinable init(token: Int32, slot: Int32) {
        self.rawToken = token
        self.rawSlot = slot
      }

      /// The owning section's token.
      @inlinable var token: Int { Int(rawToken) }
      /// The item's slot.
      @inlinable var slot: Int { Int(rawSlot) }
    }

    @usableFromInline var sections: [Section]
    @usableFromInline var sectionIndex: [SectionIdentifier: Int]
    @usableFromInline var entries: [ItemIdentifier: Entry]
    /// The position of the section holding each token, -1 for a free token.
    @usableFromInline var tokenPositions: [Int]
    /// Tokens free for reuse.
    @usableFromInline var freeTokens: [Int32]
    /// The cached index within its section of the item in each slot.
    @usableFromInline var positions: [Int32]
    /// Slots free for reuse.
    @usableFromInline var freeSlots: [Int32]
    @usableFromInline var prefix: [Int]
    @usableFromInline var prefixValid: Int
    @usableFromInline var reloadedItems: OrderedMarks<ItemIdentifier>
    @usableFromInline var reloadedSections: OrderedMarks<SectionIdentifier>
    @usableFromInline var reconfiguredItems: OrderedMarks<ItemIdentifier>
    /// The content fingerprint of the item in each slot.
    @usableFromInline var contents: [Int]
    /// Whether the item in each slot has a stored content.
    @usableFromInline var contentKnown: [Bool]

    @inlinable
    init() {
      sections = []
      sectionIndex = [:]
      entries = [:]
      tokenPositions = []
      freeTokens = []
      positions = []
      freeSlots = []
      prefix = []
      prefixValid = 0
      reloadedItems = OrderedMarks()
      reloadedSections = OrderedMarks()
      reconfiguredItems = OrderedMarks()
      contents = []
      contentKnown = []
    }

    @inlinable
    init(copying other: Storage) {
      sections = other.sections
      sectionIndex = other.sectionIndex
      entries = other.entries
      tokenPositions = other.tokenPositions
      freeTokens = other.freeTokens
      positions = other.positions
      freeSlots = other.freeSlots
      prefix = other.prefix
      prefixValid = other.prefixValid
      reloadedItems = other.reloadedItems
      reloadedSections = other.reloadedSections
      reconfiguredItems = other.reconfiguredItems
      contents = other.contents
      contentKnown = other.contentKnown
    }

    @inlinable var itemCount: Int { entries.count }

    /// The content stored with the item in `slot`, if any.
    @inlinable
    func content(ofSlot slot: Int) -> Int? {
      slot < contentKnown.count && contentKnown[slot] ? contents[slot] : nil
    }

    /// Stores `values` as the contents of the items in `slots`.
    ///
    /// Slots handed out fresh in order at the end (`fresh`: a claim that
    /// reused no slot, as when a snapshot is built by appending) take the
    /// values by appending them, with no fill first, when the stored
    /// contents end right before them.
    /// - Complexity: O(*k*), plus O(slots) the first time.
    @inlinable
    func setContents(_ values: [Int], ofSlots slots: [Int32], fresh: Bool) {
      if fresh, let first = slots.first, Int(first) == contentKnown.count,
        contentKnown.count + slots.count == positions.count
      {
        // The slots are exactly the ones past the stored contents, in order.
        contents.append(contentsOf: values)
        contentKnown.append(contentsOf: repeatElement(true, count: values.count))
        return
      }
      if contentKnown.count < positions.count {
        let missing = positions.count - contentKnown.count
        contents.append(contentsOf: repeatElement(0, count: missing))
        contentKnown.append(contentsOf: repeatElement(false, count: missing))
      }
      var values = (contents, contentKnown, values)
      (contents, contentKnown) = ([], [])
      for (slot, value) in zip(slots, values.2) {
        values.0[Int(slot)] = value
        values.1[Int(slot)] = true
      }
      (contents, contentKnown) = (values.0, values.1)
    }

    // MARK: Lazy caches

    /// The exact index within section `position` of the item whose entry
    /// is `entry`.
    /// - Complexity: amortised O(1); O(*s*) after a mutation at *s*
    ///   positions from the section's end.
    @inlinable
    func localIndex(of entry: Entry, inSection position: Int) -> Int {
      let cached = Int(positions[entry.slot])
      if cached < sections[position].staleFrom { return cached }
      reindexSection(at: position)
      return Int(positions[entry.slot])
    }

    /// The position of the section holding the item whose entry is `entry`.
    /// - Complexity: O(1): one array read.
    @inlinable
    func sectionPosition(of entry: Entry) -> Int {
      tokenPositions[entry.token]
    }

    /// Makes every cached local index of the section exact.
    /// - Complexity: O(*s*) array writes, where *s* is the stale suffix.
    @inlinable
    func reindexSection(at position: Int) {
      let start = sections[position].staleFrom
      let slots = sections[position].slots
      guard start < slots.count else { return }
      positions.withUnsafeMutableBufferPointer { cache in
        for index in start..<slots.count { cache[Int(slots[index])] = Int32(truncatingIfNeeded: index) }
      }
      sections[position].staleFrom = slots.count
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
        tokenPositions[Int(sections[index].token)] = index
      }
      invalidatePrefix(from: position)
    }
  }
}

extension EngineSnapshot.Storage {
  // MARK: Primitive edits (no validation; callers validate first)

  /// The new slots of claimed ids, in order, and the entries the ids had
  /// before, for those already present.
  @usableFromInline
  struct Claim {
    @usableFromInline var slots: [Int32]
    @usableFromInline var displaced: [Entry]
    /// Whether every slot is new, in order after the previous last slot.
    @usableFromInline var fresh: Bool

    @inlinable init(slots: [Int32], displaced: [Entry], fresh: Bool) {
      self.slots = slots
      self.displaced = displaced
      self.fresh = fresh
    }
  }

  /// Files every id of `ids` under the section with token `token` with a new slot
  /// caching `base` + its offset, with one hash operation per id: the
  /// entry's update returns what the id had before, which tells a new id, an
  /// id already present (its old entry is returned as displaced; the item
  /// stays in its old section's arrays until `release`) and a repeat within
  /// `ids` (its previous entry holds a slot claimed by this call) apart.
  ///
  /// The table grows geometrically, so building a snapshot section by
  /// section rehashes O(*n*) keys in all.
  ///
  /// - Returns: the claim, or `nil` when `ids` repeats an id; then every
  ///   entry and slot is restored and the storage is as it was.
  /// - Complexity: O(*k*) hash operations, *k* the ids.
  @inlinable
  func claim(_ ids: [ItemIdentifier], forSection token: Int32, caching base: Int)
    -> Claim?
  {
    // The loop works on local copies moved out of the class (no copy-on-write
    // copy, no exclusivity check per access); `defer` moves them back.
    var table = entries
    var cache = positions
    entries = [:]
    positions = []
    defer {
      entries = table
      positions = cache
    }
    let needed = table.count + ids.count
    if needed > table.capacity {
      table.reserveCapacity(Swift.max(needed, table.capacity * 2))
    }
    let reused = Swift.min(freeSlots.count, ids.count)
    let firstFresh = cache.count
    precondition(
      firstFresh + ids.count - reused < Int(Int32.max) && base + ids.count < Int(Int32.max),
      "a snapshot holds fewer than 2^31 items")
    var slots: [Int32] = []
    slots.reserveCapacity(ids.count)
    slots.append(contentsOf: freeSlots.suffix(reused).reversed())
    freeSlots.removeLast(reused)
    for offset in 0..<reused {
      let slot = Int(slots[offset])
      cache[slot] = Int32(truncatingIfNeeded: base + offset)
      if slot < contentKnown.count { contentKnown[slot] = false }
    }
    // Plain loops: appending an `Int32` range goes through the generic,
    // slower sequence copy.
    for offset in reused..<ids.count {
      slots.append(Int32(truncatingIfNeeded: firstFresh + offset - reused))
      cache.append(Int32(truncatingIfNeeded: base + offset))
    }
    var displaced: [(offset: Int, entry: Entry)] = []
    for (offset, id) in ids.enumerated() {
      let entry = Entry(token: token, slot: slots[offset])
      guard let previous = table.updateValue(entry, forKey: id) else { continue }
      let earlier = Int(cache[previous.slot]) - base
      guard earlier >= 0 && earlier < offset && slots[earlier] == previous.rawSlot else {
        displaced.append((offset, previous))
        continue
      }
      // A repeat: undo every entry written so far, newest first.
      table[id] = previous
      for undone in stride(from: offset - 1, through: 0, by: -1) {
        if let last = displaced.last, last.offset == undone {
          table[ids[undone]] = last.entry
          displaced.removeLast()
        } else {
          table.removeValue(forKey: ids[undone])
        }
      }
      cache.removeLast(ids.count - reused)
      freeSlots.append(contentsOf: slots[0..<reused].reversed())
      return nil
    }
    return Claim(slots: slots, displaced: displaced.map(\.entry), fresh: reused == 0)
  }

  /// Puts claimed `ids` with their `slots` (caching `base` + offset) into
  /// section `position` at local index `index`.
  ///
  /// An empty section takes the arrays as they are (copy-on-write shares
  /// them with the caller).
  /// - Complexity: O(*k* + *s*), *k* the ids, *s* the items after `index`.
  @inlinable
  func splice(
    _ ids: [ItemIdentifier], slots: [Int32], intoSection position: Int, at index: Int,
    cachedFrom base: Int
  ) {
    guard !ids.isEmpty else { return }
    let oldCount = sections[position].items.count
    let wasClean = sections[position].staleFrom == oldCount
    if oldCount == 0 {
      sections[position].items = ids
      sections[position].slots = slots
    } else {
      sections[position].items.insert(contentsOf: ids, at: index)
      sections[position].slots.insert(contentsOf: slots, at: index)
    }
    if index != base {
      positions.withUnsafeMutableBufferPointer { cache in
        for (offset, slot) in slots.enumerated() {
          cache[Int(slot)] = Int32(truncatingIfNeeded: index + offset)
        }
      }
    }
    if wasClean && index == oldCount {
      sections[position].staleFrom = oldCount + ids.count
    } else if index < sections[position].staleFrom {
      sections[position].staleFrom = index
    }
    invalidatePrefix(from: position + 1)
  }

  /// Inserts `ids` (none of them present, no repeats) into section
  /// `position` at local index `index`.
  /// - Complexity: O(*k* + *s*), *k* the ids, *s* the items after `index`.
  @inlinable
  func insert(_ ids: [ItemIdentifier], intoSection position: Int, at index: Int) {
    guard let claim = claim(ids, forSection: sections[position].token, caching: index),
      claim.displaced.isEmpty
    else { preconditionFailure("inserted ids must be new and distinct") }
    splice(ids, slots: claim.slots, intoSection: position, at: index, cachedFrom: index)
  }

  /// Removes the present items `ids` (each once) from their sections.
  /// - Complexity: O(*k* log *k* + Σ *s*), *k* the ids, *s* the size of each
  ///   touched section from its first removed position on.
  @inlinable
  func remove(_ ids: [ItemIdentifier]) {
    release(ids.compactMap { entries.removeValue(forKey: $0) })
  }

  /// Takes the items whose (old) entries are `displaced` out of their
  /// sections' arrays and frees their slots; the table is not touched.
  /// - Complexity: O(*k* log *k* + Σ *s*), *k* the entries, *s* the size of
  ///   each touched section from its first removed position on.
  @inlinable
  func release(_ displaced: [Entry]) {
    guard !displaced.isEmpty else { return }
    var places: [(section: Int, index: Int)] = []
    places.reserveCapacity(displaced.count)
    for entry in displaced {
      let position = sectionPosition(of: entry)
      places.append((position, localIndex(of: entry, inSection: position)))
    }
    freeSlots.append(contentsOf: displaced.map(\.rawSlot))
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
    // coverage: only broken code (a watermark past the end; removals never leave one)
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
    var fresh: [Section] = []
    fresh.reserveCapacity(ids.count)
    for id in ids {
      let token: Int32
      if let free = freeTokens.popLast() {
        token = free
      } else {
        token = Int32(truncatingIfNeeded: tokenPositions.count)
        tokenPositions.append(-1)
      }
      fresh.append(Section(id: id, token: token))
    }
    sections.insert(contentsOf: fresh, at: position)
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
        tokenPositions[Int(section.token)] = -1
        freeTokens.append(section.token)
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
