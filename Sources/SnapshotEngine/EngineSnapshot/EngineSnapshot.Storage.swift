extension EngineSnapshot {
  /// The shared, copy-on-write state of an `EngineSnapshot`.
  ///
  /// The section list and the per-section item arrays are the truth; the
  /// rest is derived:
  ///
  /// - `sectionIndex` (section → position) is kept exact by every mutation;
  /// - `table` maps each item to its *location*: its section's *token* (a
  ///   small number fixed while the section exists, so a section move
  ///   touches no item; `tokenPositions[token]` is the section's position,
  ///   kept exact with `sectionIndex`) and its index within the section.
  ///   The table stores no ids: a bucket is accepted when the id at its
  ///   location is the one looked for. Each section keeps, beside its items,
  ///   the bucket of each item (`buckets`), so an insert or removal inside a
  ///   section rewrites the shifted items' indices with array writes and
  ///   hashes nothing, and a removed section frees its items' buckets without
  ///   hashing. Shifted items' locations are written lazily: an insert,
  ///   removal or move inside a section writes only the locations of the
  ///   items it places, and the items it shifts keep theirs, off by at most
  ///   the section's `drift` (the places shifted since its locations were
  ///   last exact; exact below `shiftedFrom`); a lookup finds the item
  ///   within that distance of its filed index by comparison. Once the
  ///   drift passes `driftLimit(for:)` (about √*s*), the section's
  ///   locations from `shiftedFrom` on are rewritten (`settle`), so *k*
  ///   single-item edits rewrite O(*k* · √*s*) locations, not O(*k* · *s*);
  /// - `prefix` holds, for each section, the number of items in the
  ///   sections before it, exact only below `prefixValid` (moved down on
  ///   mutation, pushed back up lazily by `indexOfItem`);
  /// - a section's `contents[i]` is the content fingerprint stored with
  ///   `items[i]`, known only where `contentKnown[i]`; both arrays are empty
  ///   until content is first stored in the section, and then as long as
  ///   `items`.
  ///
  /// Per item that is the id array (shared with the caller when a section
  /// is built by one append), 4 bytes of bucket number and 9 bytes per table
  /// bucket at most 7/8 used.
  ///
  /// Queries refresh the prefix cache through a shared reference; the
  /// snapshot is therefore not `Sendable` (the compiler stops copies
  /// crossing isolation domains), which keeps that lazy refresh race-free.
  ///
  /// The stored properties read on every lookup or edit are declared
  /// `@exclusivity(unchecked)`: a class's stored property otherwise gets a
  /// dynamic exclusivity check on each access (`swift_beginAccess`, its
  /// access set and a thread-local lookup), a constant paid again by every
  /// O(1) lookup and edit. A storage is reached only through its
  /// snapshot, on one thread, and each access is a read or write of the
  /// property within one engine method; built with the checks on, the
  /// tests and the catalog trip none.
  @usableFromInline
  final class Storage {
    @usableFromInline
    struct Section {
      @usableFromInline var id: SectionIdentifier
      /// The section's token, fixed while it exists.
      @usableFromInline var token: Int32
      /// The items, in chunks: a copy of the snapshot shares them, and an
      /// edit copies one chunk (`ChunkedArray`).
      @usableFromInline var items: ChunkedArray<ItemIdentifier>
      /// The table bucket of `items[i]` at index `i`.
      @usableFromInline var buckets: ChunkedArray<Int32>
      /// The content stored with `items[i]`, where `contentKnown[i]`.
      @usableFromInline var contents: ChunkedArray<Int>
      @usableFromInline var contentKnown: ChunkedArray<Bool>
      /// How far the index filed for an item of the section may be from its
      /// index: the places items shifted since the section's locations were
      /// last all exact (0: they are).
      @usableFromInline var drift: Int
      /// The lowest index an item has been shifted at since then; the
      /// locations of the items below it are exact.
      @usableFromInline var shiftedFrom: Int

      @inlinable
      init(id: SectionIdentifier, token: Int32) {
        self.id = id
        self.token = token
        self.items = ChunkedArray()
        self.buckets = ChunkedArray()
        self.contents = ChunkedArray()
        self.contentKnown = ChunkedArray()
        self.drift = 0
        self.shiftedFrom = Int.max
      }

      /// The content stored with the item at `index`, if any.
      @inlinable
      func content(at index: Int) -> Int? {
        index < contentKnown.count && contentKnown[index] ? contents[index] : nil
      }

      /// The index of `item` when it lies within the section's drift of
      /// `filed` and `bucket` is its bucket; else `nil`.
      ///
      /// A bucket holds one item, so it is named once in `buckets`, within
      /// the drift of the index filed in it: the window is searched for
      /// `bucket` with integer comparisons, nearest first inside the chunk
      /// holding the filed index (where a small drift leaves the item),
      /// then the rest of the window chunk by chunk (a window as wide as
      /// the chunks crosses one or two chunk ends, whose bounds are read
      /// off `ends`: one O(log *c*) search, not one per element read); the
      /// id there is compared with `item` once (a bucket of another id with
      /// the same tag holds that id).
      /// - Complexity: O(*d*) integer comparisons at most, *d* the drift,
      ///   and one id comparison.
      /// Never inlined, so that it stays out of the hot lookup loops.
      @inlinable
      @inline(never)
      func driftedIndex(of item: ItemIdentifier, filedAt filed: Int, bucket: Int) -> Int? {
        guard let found = driftedIndex(ofBucket: bucket, filedAt: filed),
          items.element(at: found, equals: item)
        else { return nil }
        return found
      }

      /// The index of the item whose bucket is `bucket`, filed at `filed`,
      /// found by the bucket alone (the search of
      /// `driftedIndex(of:filedAt:bucket:)`, no id compared).
      /// - Complexity: O(*d*) integer comparisons at most, *d* the drift.
      @inlinable
      @inline(never)
      func driftedIndex(ofBucket bucket: Int, filedAt filed: Int) -> Int? {
        let target = Int32(truncatingIfNeeded: bucket)
        let low = Swift.max(0, filed - drift)
        let high = Swift.min(buckets.count - 1, filed + drift)
        let center = Swift.min(Swift.max(filed, low), high)
        let chunk = buckets.chunk(containing: center)
        guard low <= high, chunk < buckets.chunks.count else {
          // coverage: only broken code (a location filed past its section's end)
          return nil
        }
        let start = buckets.start(of: chunk)
        let (near, far) = (Swift.max(low, start), Swift.min(high, buckets.ends[chunk] - 1))
        var found = buckets.chunks[chunk].withUnsafeBufferPointer { window -> Int? in
          var step = 0
          while center - step >= near || center + step <= far {
            if center + step <= far && window[center + step - start] == target {
              return center + step
            }
            if center - step >= near && window[center - step - start] == target {
              return center - step
            }
            step += 1
          }
          return nil
        }
        // Then the chunks below, each from its top, and those above, each
        // from its bottom (a neighbour's bounds are read off `ends`: no
        // chunk search per chunk).
        func search(chunk: Int, _ range: ClosedRange<Int>, downward: Bool) -> Int? {
          let first = buckets.start(of: chunk)
          return buckets.chunks[chunk].withUnsafeBufferPointer { window in
            var index = downward ? range.upperBound : range.lowerBound
            while range.contains(index) {
              if window[index - first] == target { return index }
              index += downward ? -1 : 1
            }
            return nil
          }
        }
        var below = chunk - 1
        while found == nil && below >= 0 && buckets.ends[below] > low {
          let floor = Swift.max(low, buckets.start(of: below))
          found = search(chunk: below, floor...(buckets.ends[below] - 1), downward: true)
          below -= 1
        }
        var above = chunk + 1
        while found == nil && above < buckets.chunks.count && buckets.ends[above - 1] <= high {
          let ceiling = Swift.min(high, buckets.ends[above] - 1)
          found = search(chunk: above, buckets.ends[above - 1]...ceiling, downward: false)
          above += 1
        }
        // The bucket's own location says where its item is, so its number
        // lies in this window.
        return found
      }
    }

    @usableFromInline @exclusivity(unchecked) var sections: [Section]
    @usableFromInline @exclusivity(unchecked) var sectionIndex: [SectionIdentifier: Int]
    @usableFromInline @exclusivity(unchecked) var table: ItemTable
    /// The position of the section holding each token, -1 for a free token.
    @usableFromInline @exclusivity(unchecked) var tokenPositions: [Int]
    /// Tokens free for reuse.
    @usableFromInline var freeTokens: [Int32]
    @usableFromInline @exclusivity(unchecked) var prefix: [Int]
    @usableFromInline @exclusivity(unchecked) var prefixValid: Int
    @usableFromInline var reloadedItems: OrderedMarks<ItemIdentifier>
    @usableFromInline var reloadedSections: OrderedMarks<SectionIdentifier>
    @usableFromInline var reconfiguredItems: OrderedMarks<ItemIdentifier>
    /// While the snapshot is being built from nothing: what its unbuilt
    /// table waits for (see `EngineSnapshot+Replica.swift`); `nil` once the
    /// table is built. Read on every access of `EngineSnapshot.storage`, so
    /// without a dynamic exclusivity check (see above); only this thread's
    /// accesses reach it.
    @usableFromInline @exclusivity(unchecked) var replica: Replica?
    /// Once the table was derived from a remembered storage's (`derive`):
    /// that storage and which buckets hold items of both; `nil` after any
    /// mutation and once the table is built anew.
    @usableFromInline var lineage: Lineage?
    /// Counts the mutations of this storage (wrapping), so that a lineage
    /// naming it tells whether it changed since (`keptBuckets(from:)`).
    @usableFromInline var version: UInt64

    @inlinable
    init() {
      sections = []
      sectionIndex = [:]
      table = ItemTable()
      tokenPositions = []
      freeTokens = []
      prefix = []
      prefixValid = 0
      reloadedItems = OrderedMarks()
      reloadedSections = OrderedMarks()
      reconfiguredItems = OrderedMarks()
      replica = Replica()
      lineage = nil
      version = 0
    }

    @inlinable
    init(copying other: Storage) {
      sections = other.sections
      sectionIndex = other.sectionIndex
      table = other.table
      tokenPositions = other.tokenPositions
      freeTokens = other.freeTokens
      prefix = other.prefix
      prefixValid = other.prefixValid
      reloadedItems = other.reloadedItems
      reloadedSections = other.reloadedSections
      reconfiguredItems = other.reconfiguredItems
      replica = other.replica
      lineage = nil
      version = 0
    }

    @inlinable var itemCount: Int { table.count }

    /// Cuts every section's long wholes into chunks (`ChunkedArray`) and a
    /// table of one long page into pages (`ItemTable.splitIntoPages`): the
    /// values stay as they are, so every snapshot sharing this storage
    /// sees the same items.
    /// - Complexity: O(*m*), plus O(*s*) for each section of *s* items cut
    ///   and O(*n*) when the table is cut.
    @inlinable
    func splitLongChunks() {
      // Only a section with something to cut is written: a write through
      // `sections` would copy the array when an earlier copy shares it.
      for position in sections.indices
      where sections[position].items.isLongWhole || sections[position].buckets.isLongWhole
        || sections[position].contents.isLongWhole || sections[position].contentKnown.isLongWhole
      {
        sections[position].items.splitLongChunk()
        sections[position].buckets.splitLongChunk()
        sections[position].contents.splitLongChunk()
        sections[position].contentKnown.splitLongChunk()
      }
      table.splitIntoPages()
    }

    /// The index of `item` when `bucket`, filed at `location`, is its
    /// bucket (and not that of another id with the same tag); else `nil`.
    ///
    /// Always inlined: it is every lookup's comparison, which would
    /// otherwise pay a call per lookup (the drifted search, rarer, is a
    /// call of its own).
    @inlinable @inline(__always)
    static func index(
      of item: ItemIdentifier, filedAt location: ItemLocation, bucket: Int, in sections: [Section],
      _ tokenPositions: [Int]
    ) -> Int? {
      let position = tokenPositions[Int(location.token)]
      let filed = Int(location.index)
      precondition(position >= 0 && position < sections.count, "a token names no section")
      return sections.withUnsafeBufferPointer { sections in
        guard sections[position].drift > 0 else {
          return sections[position].items.element(at: filed, equals: item) ? filed : nil
        }
        return sections[position].driftedIndex(of: item, filedAt: filed, bucket: bucket)
      }
    }

    /// Whether `item` is the placed item filed at `location` in `bucket`
    /// (`index(of:filedAt:bucket:in:_:)` out of line, for the build's
    /// claim, where a new id's probe rarely meets a placed item's tag).
    @inlinable @inline(never)
    static func isPlaced(
      _ item: ItemIdentifier, filedAt location: ItemLocation, bucket: Int,
      in sections: [Section], _ tokenPositions: [Int]
    ) -> Bool {
      index(of: item, filedAt: location, bucket: bucket, in: sections, tokenPositions) != nil
    }

    /// The location filed for `item` in its `bucket`, its index made exact.
    /// - Precondition: `bucket` is the item's.
    @inlinable
    static func exactLocation(
      of item: ItemIdentifier, filedAt location: ItemLocation, bucket: Int, in sections: [Section],
      _ tokenPositions: [Int]
    ) -> ItemLocation {
      guard
        let index = index(
          of: item, filedAt: location, bucket: bucket, in: sections, tokenPositions)
      else {
        // coverage: only broken code (a location filed out of its section's drift)
        preconditionFailure("an item is not within its section's drift of its location")
      }
      return ItemLocation(token: location.token, index: index)
    }

    /// The item lookup: the table with the arrays its locations point into.
    @inlinable var index: ItemIndex {
      ItemIndex(table: table, sections: sections, tokenPositions: tokenPositions)
    }

    /// The location of `item`, or `nil` when it is missing.
    /// - Complexity: expected O(1): one hash.
    @inlinable
    func location(of item: ItemIdentifier) -> ItemLocation? {
      // Hashed before the arrays are read: with no call left after the
      // reads, they are borrowed in place rather than retained around it.
      let hash = item.hashValue
      return index.location(of: item, hash: hash)
    }

    /// The position of the section with token `token`.
    /// - Complexity: O(1): one array read.
    @inlinable
    func sectionPosition(of location: ItemLocation) -> Int {
      tokenPositions[Int(location.token)]
    }

    /// The number of items before section `position`.
    ///
    /// The counts are brought up to date only as far as `position`: after
    /// an edit in section *e*, a query of section *q* ≥ *e* counts the
    /// sections from *e* to *q*, not to the end (counting to the end would
    /// make every edit followed by `indexOfItem` O(*m*) in a snapshot of
    /// many small sections).
    /// - Complexity: amortised O(1); O(*q* − *e*) after a change in
    ///   section *e*, for a query of section *q*.
    @inlinable
    func itemsBefore(section position: Int) -> Int {
      if position < prefixValid { return prefix[position] }
      if prefix.count < sections.count {
        prefix.append(contentsOf: repeatElement(0, count: sections.count - prefix.count))
      }
      // Written through buffers of a local copy moved out of the class:
      // each write to the stored array checked its uniqueness.
      var counts = prefix
      prefix = []
      defer { prefix = counts }
      let first = prefixValid
      prefixValid = position + 1
      return sections.withUnsafeBufferPointer { sections in
        counts.withUnsafeMutableBufferPointer { counts in
          var running = first == 0 ? 0 : counts[first - 1] + sections[first - 1].items.count
          for index in first...position {
            counts[index] = running
            running += sections[index].items.count
          }
          return counts[position]
        }
      }
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

    /// Writes the location of every item of section `position` from index
    /// `start` on (up to `end`, or the section's end) into its bucket.
    /// - Complexity: O(*s*) array writes, *s* the items written.
    @inlinable
    func relocate(section position: Int, from start: Int, to end: Int? = nil) {
      let buckets = sections[position].buckets
      let token = sections[position].token
      let range = start..<Swift.max(start, end ?? buckets.count)
      let pagesUnique = table.preparePages(forWrites: range.count)
      buckets.forEachSpan(in: range) { span, first in
        table.relocate(span, from: first, token: token, pagesUnique: pagesUnique)
        return true
      }
    }

    /// The drift past which the locations of a section of `count` items
    /// are rewritten: about √`count`, and at least 32 (not the chunk
    /// length, which is longer from 512 items on: `ChunkedArray.chunkSize`).
    /// A lookup then compares at most twice that many bucket numbers
    /// beyond the one filed, and a single-item edit rewrites about
    /// √`count` locations on average.
    /// (A fixed limit *L* would make *k* edits at random places rewrite
    /// about *k* · *s* / *L* locations: O(*k* · *s*).)
    @inlinable static func driftLimit(for count: Int) -> Int {
      Swift.max(32, Int(Double(count).squareRoot()))
    }

    /// Records that the items of section `position` from index `start` on
    /// shifted by up to `distance` places, their locations unwritten; the
    /// section's locations are rewritten once its drift passes the limit.
    /// - Complexity: O(1), or O(*s*) array writes when it settles.
    @inlinable
    func shifted(section position: Int, from start: Int, by distance: Int) {
      let count = sections[position].items.count
      if start < count {
        sections[position].drift += distance
        sections[position].shiftedFrom = Swift.min(sections[position].shiftedFrom, start)
      }
      // Checked after a removal at the end too: the limit shrinks with the
      // section.
      if sections[position].drift > Self.driftLimit(for: count) { settle(section: position) }
    }

    /// Rewrites the locations of section `position` from where its items
    /// first shifted on: every location of the section is exact after.
    /// - Complexity: O(*s*) array writes, *s* the items rewritten.
    @inlinable
    func settle(section position: Int) {
      guard sections[position].drift > 0 else { return }
      let start = Swift.min(sections[position].shiftedFrom, sections[position].items.count)
      relocate(section: position, from: start)
      sections[position].drift = 0
      sections[position].shiftedFrom = Int.max
    }

    /// Makes room in the table for `extra` more items, building a new table
    /// (every item hashed once, its bucket recorded) when they do not fit.
    /// - Complexity: O(1) when they fit, O(*n*) otherwise.
    @inlinable
    func reserveTable(extra: Int) {
      guard !table.fits(extra) else { return }
      rebuildTable(capacity: table.grownCapacity(for: extra))
    }

    /// Makes room in the table for `count` items in all (what
    /// `reserveCapacity` asks for), building a new table when they do not
    /// fit, with room to spare (`ItemTable.roomyCapacity`).
    /// - Complexity: O(1) when they fit, O(*n*) otherwise.
    @inlinable
    func reserveTable(total count: Int) {
      guard !table.fits(count - table.count) else { return }
      rebuildTable(capacity: ItemTable.roomyCapacity(count))
    }

    /// Builds the table anew with room for `capacity` items.
    /// - Complexity: O(*n*): one hash per item.
    @inlinable
    func rebuildTable(capacity: Int) {
      // Other buckets: matching by bucket no longer holds.
      lineage = nil
      version &+= 1
      var fresh = ItemTable(capacity: Swift.max(capacity, table.count))
      for position in sections.indices {
        let token = sections[position].token
        let items = sections[position].items
        sections[position].buckets = ChunkedArray()
        // The buckets in chunks as long as the items'.
        var buckets = ChunkedArray<Int32>()
        buckets.chunks.reserveCapacity(items.chunks.count)
        var index = 0
        for chunk in items.chunks {
          var filed: [Int32] = []
          filed.reserveCapacity(chunk.count)
          for item in chunk {
            let hash = item.hashValue
            let bucket = fresh.freeBucket(hash: hash)
            // A table built here has one page, held by nothing else.
            fresh.occupy(
              bucket, hash: hash, location: ItemLocation(token: token, index: index),
              pagesUnique: true)
            filed.append(Int32(truncatingIfNeeded: bucket))
            index += 1
          }
          buckets.chunks.append(filed)
        }
        buckets.ends = items.ends
        sections[position].buckets = buckets
        sections[position].drift = 0
        sections[position].shiftedFrom = Int.max
      }
      table = fresh
    }
  }

  /// The item lookup over copies of the storage's table and arrays (copies
  /// share the buffers; reading them costs no exclusivity check).
  @usableFromInline
  struct ItemIndex {
    @usableFromInline let table: ItemTable
    @usableFromInline let sections: [Storage.Section]
    @usableFromInline let tokenPositions: [Int]

    @inlinable
    init(table: ItemTable, sections: [Storage.Section], tokenPositions: [Int]) {
      self.table = table
      self.sections = sections
      self.tokenPositions = tokenPositions
    }

    /// The bucket holding `item`, or `nil` when it is missing; `hash`, when
    /// given, is `item.hashValue`.
    /// - Complexity: expected O(1): one hash (none when given).
    @inlinable
    func bucket(of item: ItemIdentifier, hash: Int? = nil) -> Int? {
      table.find(hash: hash ?? item.hashValue) { location, bucket in
        Storage.index(of: item, filedAt: location, bucket: bucket, in: sections, tokenPositions)
          != nil
      }
    }

    /// The location of `item` (its index exact, whatever its section's
    /// drift), or `nil` when it is missing; `hash`, when given, is
    /// `item.hashValue`, and `firstControl` what `startControl(of:)` read
    /// for it.
    /// - Complexity: expected O(1): one hash (none when given).
    @inlinable @inline(__always)
    func location(
      of item: ItemIdentifier, hash: Int? = nil, firstControl: UInt64? = nil
    ) -> ItemLocation? {
      // The index the probe's comparison found, kept (not found again).
      var found: ItemLocation?
      _ = table.find(hash: hash ?? item.hashValue, firstControl: firstControl) {
        location, bucket in
        guard
          let index = Storage.index(
            of: item, filedAt: location, bucket: bucket, in: sections, tokenPositions)
        else { return false }
        found = ItemLocation(token: location.token, index: index)
        return true
      }
      return found
    }

    /// The control word a lookup of an id with `hash` reads first: read
    /// early for the id looked up next, it comes from memory while the
    /// current lookup waits for its own (`location(of:hash:firstControl:)`
    /// takes it). 0 for an empty table, which a lookup does not read.
    /// - Complexity: O(1): one read.
    @inlinable
    func startControl(of hash: Int) -> UInt64 {
      table.count > 0 ? table.startControl(of: hash) : 0
    }

    /// The location of `item`, which `bucket` holds, its index exact.
    @inlinable
    func exactLocation(of item: ItemIdentifier, inBucket bucket: Int) -> ItemLocation {
      Storage.exactLocation(
        of: item, filedAt: table.location(at: bucket), bucket: bucket, in: sections,
        tokenPositions)
    }

    /// The location of the item that `bucket` holds, its index exact,
    /// found by the bucket alone: no id compared.
    /// - Precondition: `bucket` holds an item.
    @inlinable
    func exactLocation(inBucket bucket: Int) -> ItemLocation {
      let filed = table.location(at: bucket)
      let position = tokenPositions[Int(filed.token)]
      let index = sections.withUnsafeBufferPointer { sections in
        sections[position].drift > 0
          ? sections[position].driftedIndex(ofBucket: bucket, filedAt: Int(filed.index))
          : Int(filed.index)
      }
      guard let index, sections[position].buckets[index] == Int32(truncatingIfNeeded: bucket) else {
        // coverage: only broken code (a location filed out of its section's drift)
        preconditionFailure("an item is not within its section's drift of its location")
      }
      return ItemLocation(token: filed.token, index: index)
    }

    /// Whether `item` is present.
    @inlinable
    func contains(_ item: ItemIdentifier) -> Bool { bucket(of: item) != nil }
  }
}

extension EngineSnapshot.Storage {
  // MARK: Primitive edits (no validation; callers validate first)

  /// The buckets of claimed ids, in order, and the locations the ids had
  /// before, for those already present.
  @usableFromInline
  struct Claim {
    @usableFromInline var buckets: [Int32]
    @usableFromInline var displaced: [ItemLocation]
    /// Whether the buckets already hold the ids' final locations (ids
    /// appended, none of them present before).
    @usableFromInline var located: Bool

    @inlinable init(buckets: [Int32], displaced: [ItemLocation], located: Bool) {
      self.buckets = buckets
      self.displaced = displaced
      self.located = located
    }
  }

  /// Files every id of `ids` in the table as being claimed, with one hash
  /// operation per id: the probe that looks an id up also finds the free
  /// bucket a new id goes to, an id already present has its bucket taken
  /// over (its old location is returned as displaced; the item stays in its
  /// old section's arrays until `release`), and a repeat within `ids` finds
  /// the bucket this call claimed.
  ///
  /// A claimed bucket holds the location the id will have when the ids are
  /// appended to the section with token `appending` (at the section's
  /// current end; its locations must be exact, `settle`d, so that no drifted
  /// one reaches past that end), or else a pending location (its offset in `ids`); either
  /// way the probe tells it from the items already placed, and compares it
  /// with the id at that offset. Appended ids thus have their locations
  /// written once.
  ///
  /// The table grows by half when the ids do not fit, so building a
  /// snapshot section by section hashes O(*n*) ids in all.
  ///
  /// - Returns: the claim, whose buckets `splice` must then fill, or `nil`
  ///   when `ids` repeats an id; then every bucket is given back its
  ///   control byte and location and the items are as they were.
  /// - Complexity: O(*k*) hash operations, *k* the ids.
  @inlinable
  func claim(_ ids: [ItemIdentifier], appending: Int32? = nil) -> Claim? {
    reserveTable(extra: ids.count)
    // The loop works on a local copy moved out of the class (no
    // copy-on-write copy, no exclusivity check per access); `defer` moves
    // it back.
    var table = self.table
    self.table = ItemTable()
    defer { self.table = table }
    // Every page made unique once (O(p)) when the ids are at least as
    // many, so that no write checks its page.
    let pagesUnique = table.preparePages(forWrites: ids.count)
    let sections = self.sections
    let tokenPositions = self.tokenPositions
    // This call's locations: (token, base + offset) for the id at offset.
    let token = appending ?? -1
    let base = appending.map { sections[tokenPositions[Int($0)]].items.count } ?? 0
    var buckets: [Int32] = []
    buckets.reserveCapacity(ids.count)
    // The ids already present: offset, bucket and filed location (made
    // exact after the loop, out of its way).
    var displaced: [(offset: Int, bucket: Int, location: ItemLocation)] = []
    // The offsets of new ids whose bucket was marked deleted (else empty).
    var reusedDeleted: [Int] = []
    @inline(__always) func isClaimed(_ location: ItemLocation) -> Bool {
      location.token == token && Int(location.index) >= base
    }
    // Runs of 16: the hashes and start groups' control words of a run are
    // read first, so their cache misses overlap (a table larger than the
    // cache misses once per id, and taken one at a time those misses are
    // most of a build); a word whose group this run has since written is
    // read again. All the hashes first, then all the words, in a loop of a
    // few instructions each: interleaved with the hashing, a word's miss
    // holds the loop's store of it, so few misses are in flight at once.
    let run = 16
    // A buffer of its own, not `withUnsafeTemporaryAllocation`: in that
    // closure the loop writes the table captured from outside, with a
    // uniqueness check per write.
    let read = UnsafeMutablePointer<(hash: Int, control: UInt64)>.allocate(capacity: run)
    defer { read.deallocate() }
    var start = 0
    while start < ids.count {
      let end = Swift.min(start + run, ids.count)
      for offset in start..<end { read[offset - start].hash = ids[offset].hashValue }
      for slot in 0..<(end - start) {
        read[slot].control = table.startControl(of: read[slot].hash)
      }
      var written: UInt64 = 0
      for offset in start..<end {
        let (hash, control) = read[offset - start]
        let fresh = written & (1 << UInt64(table.startGroup(of: hash) & 63)) == 0
        // The id is read only where a tag matches (a fresh id's probe
        // rarely meets one), not held over the probe: holding it costs a
        // retain and a release per id of a reference-counted type.
        let (bucket, found) = table.findOrFree(hash: hash, firstControl: fresh ? control : nil) {
          location, bucket in
          isClaimed(location)
            ? ids[Int(location.index) - base] == ids[offset]
            : Self.isPlaced(
              ids[offset], filedAt: location, bucket: bucket, in: sections, tokenPositions)
        }
        let claimed = ItemLocation(token: token, index: base + offset)
        if !found {
          if table.occupy(bucket, hash: hash, location: claimed, pagesUnique: pagesUnique)
            == ItemTable.deleted
          {
            reusedDeleted.append(offset)
          }
          written |= 1 << UInt64((bucket >> 3) & 63)
        } else if !isClaimed(table.location(at: bucket)) {
          displaced.append((offset, bucket, table.location(at: bucket)))
          table.setLocation(claimed, at: bucket, pagesUnique: pagesUnique)
        } else {
          // A repeat: undo every claim so far, newest first.
          for undone in stride(from: offset - 1, through: 0, by: -1) {
            let bucket = Int(buckets[undone])
            if let last = displaced.last, last.offset == undone {
              table.setLocation(last.location, at: bucket, pagesUnique: pagesUnique)
              displaced.removeLast()
            } else {
              // A new id's bucket was empty or, where it reused one, deleted.
              let reused = reusedDeleted.last == undone
              reusedDeleted.removeLast(reused ? 1 : 0)
              table.restore(bucket, to: reused ? ItemTable.deleted : ItemTable.empty)
            }
          }
          return nil
        }
        buckets.append(Int32(truncatingIfNeeded: bucket))
      }
      start = end
    }
    return Claim(
      buckets: buckets,
      displaced: displaced.map {
        Self.exactLocation(
          of: ids[$0.offset], filedAt: $0.location, bucket: $0.bucket, in: sections,
          tokenPositions)
      },
      located: appending != nil && displaced.isEmpty)
  }

  /// Puts claimed `ids` with their `buckets` into section `position` at
  /// local index `index`, with `contents` when given (else none), and
  /// writes the locations of the new (unless `located`: appended with
  /// their locations written by the claim) and shifted items.
  ///
  /// An empty section takes the arrays as they are (copy-on-write shares
  /// them with the caller).
  /// - Complexity: O(*k* + *s*), *k* the ids, *s* the items after `index`.
  @inlinable
  func splice(
    _ ids: [ItemIdentifier], buckets: [Int32], intoSection position: Int, at index: Int,
    contents: [Int]?, located: Bool = false
  ) {
    guard !ids.isEmpty else { return }
    let oldCount = sections[position].items.count
    // Locations hold 32-bit indices.
    precondition(oldCount + ids.count < Int(Int32.max), "a section holds fewer than 2^31 items")
    if oldCount == 0 {
      sections[position].items = ChunkedArray(ids)
      sections[position].buckets = ChunkedArray(buckets)
    } else {
      sections[position].items.insert(contentsOf: ids, at: index)
      sections[position].buckets.insert(contentsOf: buckets, at: index)
    }
    if let contents, oldCount == 0 {
      // An empty section takes the contents as they are, too.
      sections[position].contents = ChunkedArray(contents)
      sections[position].contentKnown = ChunkedArray(repeating: true, count: ids.count)
    } else if let contents {
      if sections[position].contentKnown.isEmpty {
        sections[position].contents = ChunkedArray(repeating: 0, count: oldCount)
        sections[position].contentKnown = ChunkedArray(repeating: false, count: oldCount)
      }
      sections[position].contents.insert(contentsOf: contents, at: index)
      sections[position].contentKnown.insert(
        contentsOf: [Bool](repeating: true, count: ids.count), at: index)
    } else if !sections[position].contentKnown.isEmpty {
      sections[position].contents.insert(
        contentsOf: [Int](repeating: 0, count: ids.count), at: index)
      sections[position].contentKnown.insert(
        contentsOf: [Bool](repeating: false, count: ids.count), at: index)
    }
    // Appended ids whose claim wrote their final locations need none; the
    // items after them shift, their locations left to drift.
    if !(located && index == oldCount) {
      relocate(section: position, from: index, to: index + ids.count)
    }
    shifted(section: position, from: index + ids.count, by: ids.count)
    invalidatePrefix(from: position + 1)
  }

  /// Inserts `ids` (none of them present, no repeats) into section
  /// `position` at local index `index`.
  /// - Complexity: O(*k* + *s*), *k* the ids, *s* the items after `index`.
  @inlinable
  func insert(_ ids: [ItemIdentifier], intoSection position: Int, at index: Int) {
    guard let claim = claim(ids), claim.displaced.isEmpty
    else { preconditionFailure("inserted ids must be new and distinct") }
    splice(ids, buckets: claim.buckets, intoSection: position, at: index, contents: nil)
  }

  /// Removes the present items `ids` (each once) from the table and their
  /// sections.
  /// - Complexity: O(*k* log *k* + Σ *s*), *k* the ids, *s* the size of each
  ///   touched section from its first removed position on.
  @inlinable
  func remove(_ ids: [ItemIdentifier]) {
    // Looked up before the table changes, so the lookup's copy of it is
    // gone by then (no copy of the table on the first vacate).
    let found = { () -> [(bucket: Int, location: ItemLocation)] in
      let index = self.index
      return ids.compactMap { id in
        index.bucket(of: id).map { ($0, index.exactLocation(of: id, inBucket: $0)) }
      }
    }()
    for (bucket, _) in found { table.vacate(bucket) }
    release(found.map(\.location))
  }

  /// Where `ids` stand when they are, in order, the items of one section
  /// from some index on: that section's position and the index; else
  /// `nil` (also for fewer than two ids, which take the general way).
  /// - Complexity: one hash and O(*k*) comparisons at most.
  @inlinable
  func run(of ids: [ItemIdentifier]) -> (section: Int, start: Int)? {
    guard ids.count > 1, let location = location(of: ids[0]) else { return nil }
    let (position, start) = (sectionPosition(of: location), Int(location.index))
    let items = sections[position].items
    guard start + ids.count <= items.count else { return nil }
    let read = items.reader
    for offset in 1..<ids.count where !read.element(at: start + offset, equals: ids[offset]) {
      return nil
    }
    return (position, start)
  }

  /// Removes the `count` items of section `run.section` from `run.start`
  /// on, freeing the buckets the section keeps for them.
  /// - Complexity: O(*k* + *s*), *k* the items, *s* the part of the
  ///   section from `run.start` on; no hashing.
  @inlinable
  func removeRun(_ run: (section: Int, start: Int), count: Int) {
    let range = run.start..<(run.start + count)
    do {
      // Read in a scope of its own, so the section's buckets are not shared
      // (and copied) when they are edited below.
      let buckets = sections[run.section].buckets.reader
      for index in range { table.vacate(Int(buckets[index])) }
    }
    removePositions(Array(range), fromSection: run.section)
  }

  /// Whether any of `ids` is present.
  /// - Complexity: O(*k*) hashes at most.
  @inlinable
  func containsAny(of ids: [ItemIdentifier]) -> Bool {
    let index = self.index
    return ids.contains { index.contains($0) }
  }

  /// Takes the items at `locations` out of their sections' arrays and
  /// writes the shifted items' locations; the table's buckets of the
  /// removed items are not touched.
  /// - Complexity: O(*k* log *k* + Σ *s*), *k* the locations, *s* the size
  ///   of each touched section from its first removed position on.
  @inlinable
  func release(_ locations: [ItemLocation]) {
    guard !locations.isEmpty else { return }
    var places: [(section: Int, index: Int)] = []
    places.reserveCapacity(locations.count)
    for location in locations {
      places.append((sectionPosition(of: location), Int(location.index)))
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

  /// Removes the items at the ascending local `indices` of a section and
  /// writes the shifted items' locations.
  @inlinable
  func removePositions(_ indices: [Int], fromSection position: Int) {
    guard let first = indices.first else { return }
    sections[position].items.remove(sortedIndices: indices)
    sections[position].buckets.remove(sortedIndices: indices)
    if !sections[position].contentKnown.isEmpty {
      sections[position].contents.remove(sortedIndices: indices)
      sections[position].contentKnown.remove(sortedIndices: indices)
    }
    shifted(section: position, from: first, by: indices.count)
    invalidatePrefix(from: position + 1)
  }

  /// Moves the item at `source` of section `position` to `target` (an
  /// index of the section without it); the items between shift by one and
  /// are the only ones relocated. The moved item keeps no content, as an
  /// item taken out and inserted again.
  /// - Complexity: O(|*target* − *source*|).
  @inlinable
  func moveItem(inSection position: Int, from source: Int, to target: Int) {
    sections[position].items.move(from: source, to: target)
    sections[position].buckets.move(from: source, to: target)
    if !sections[position].contentKnown.isEmpty {
      sections[position].contents.move(from: source, to: target)
      sections[position].contentKnown.move(from: source, to: target)
      sections[position].contentKnown[target] = false
    }
    relocate(section: position, from: target, to: target + 1)
    shifted(section: position, from: Swift.min(source, target), by: 1)
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

  /// Removes the sections at the given positions with all their items
  /// (their buckets freed through the sections' bucket arrays, no hashing).
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
        for bucket in section.buckets { table.vacate(Int(bucket)) }
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
