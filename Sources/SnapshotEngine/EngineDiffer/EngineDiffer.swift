import SnapshotCore

/// The optimized differ: linear-time identity matching, then move-minimal
/// ordering by longest increasing subsequences.
///
/// The changeset has at most two batches, empty batches left out:
///
/// 1. **Structure.** Sections only in old are deleted, sections only in new
///    inserted. Surviving sections keep a longest increasing subsequence of
///    their old order in place; every other survivor is moved. Inside each
///    surviving section, the items that stay in it keep a longest increasing
///    subsequence of their old order in place and the others are moved; an
///    item that changes section is one move (also out of a deleted section
///    or into an inserted one, which `BatchInterpreter` accepts); items only
///    in old are deleted and items only in new inserted, except inside
///    deleted and inserted sections, which take or bring their items.
/// 2. **Refresh**, at new paths: items present in both that are marked in
///    new or whose content changed, reloaded when marked for reload or
///    changed under `.reload`, otherwise reconfigured (the reload wins);
///    sections present in both and marked for reload in new. Contents
///    stored with the items (`EngineSnapshot.appendItems(_:contents:toSection:)`)
///    are compared at the pairs the structural walk matches, at no lookup;
///    the `DiffOptions` maps are read by walking the new map and probing
///    the old one (in hash order: one lookup per entry of the new map,
///    where a lookup in both maps per matched pair would be two).
///
/// **Minimality.** A move is needed for every survivor whose relative order
/// changes, and the survivors left in place must be increasing in both old
/// and new order; a longest increasing subsequence is the largest such set.
/// So section moves = survivors − LIS, and within a section, staying items −
/// LIS; an item that changes section must move and moves once.
///
/// **Why the unmoved land in the right slots.** The interpreter puts
/// inserts and move destinations at their new indices and fills the
/// remaining slots, in order, with the unmoved survivors in their old
/// order. The free slots are exactly the new indices of the unmoved
/// survivors. Those survivors form an increasing subsequence of old indices
/// listed in new order, so ordering them by old index orders them by new
/// index too: the *k*-th unmoved survivor in old order takes the *k*-th free
/// slot, which is its own new index. The same holds for sections.
public struct EngineDiffer<SectionIdentifier: Hashable, ItemIdentifier: Hashable>:
  DifferProtocol, Sendable
{
  /// The engine's full snapshot.
  public typealias Snapshot = EngineSnapshot<SectionIdentifier, ItemIdentifier>

  /// Creates the differ; it holds no state.
  public init() {}

  /// The changeset taking `old` to `new`.
  ///
  /// Identity matching follows Heckel (1978, "A technique for isolating
  /// differences between files"): every id is looked up once in a hash
  /// table of the other side, so survivors, deletes and inserts are found
  /// in linear time; the snapshots already carry those tables. The order of
  /// the survivors is then settled by a longest increasing subsequence
  /// (patience sorting). A section whose item array is unchanged is skipped
  /// after one array comparison, and in every other section the common
  /// prefix and suffix are matched by comparison alone, before any lookup.
  /// When every section holds the same items in the same chunks as the old
  /// one at its position (a copy only marked, a snapshot rebuilt from the
  /// arrays it was built from), there is no structural walk at all: only
  /// stored contents are compared and marks refreshed.
  ///
  /// - Complexity: O(*n* + *m* + *v* log *v*), *n* the items, *m* the
  ///   sections, *v* the largest number of survivors whose order is
  ///   disturbed in one section; O(*n*) for in-order edits, of which only
  ///   the items between each section's first and last difference are
  ///   looked up, and there the survivors are recorded as runs (the rest
  ///   is sequential comparison).
  @inlinable
  public func changeset(
    from old: Snapshot, to new: Snapshot, options: DiffOptions<ItemIdentifier>
  ) -> Changeset {
    var structure = Changeset.Batch()
    let probe = ContentProbe(old: old.storage, new: new.storage)
    // Both tables are built now; a snapshot rebuilt from these arrays next
    // takes their sections without hashing (`EngineSnapshot+Replica.swift`).
    Snapshot.Storage.remember(old.storage, new.storage)
    var changed: [ItemPath] = []
    // Shared storage: same structure and same stored contents. Every
    // section's items shared, in the same order (a snapshot rebuilt
    // unchanged from arrays, a copy only marked): same structure, and only
    // stored contents to compare.
    if old.storage !== new.storage {
      if Self.sharesEverySection(old.storage, new.storage) {
        Self.appendChangedContents(from: old.storage, to: new.storage, probe: probe, to: &changed)
      } else {
        structure = structuralBatch(
          from: old.storage, to: new.storage, probe: probe, changed: &changed)
      }
    }
    let refresh = refreshBatch(
      from: old.storage, to: new.storage, contentChanged: changed, options: options)
    return Changeset(batches: [structure, refresh].filter { !$0.isEmpty })
  }

  /// Tells whether an item matched between the two snapshots changed its
  /// stored content (both sides have one, and they differ).
  @usableFromInline
  struct ContentProbe {
    /// Whether both snapshots store content somewhere.
    @usableFromInline let isActive: Bool

    @inlinable
    init(old: Snapshot.Storage, new: Snapshot.Storage) {
      isActive =
        old.sections.contains { !$0.contentKnown.isEmpty }
        && new.sections.contains { !$0.contentKnown.isEmpty }
    }

    /// The stored contents of one section (copies sharing its buffers, so
    /// reading them costs no copy of the section).
    @usableFromInline
    struct Side {
      @usableFromInline let contents: ChunkedArray<Int>
      @usableFromInline let known: ChunkedArray<Bool>
      /// `contents`' one chunk (a section built whole), else empty.
      @usableFromInline let whole: [Int]

      @inlinable init(_ section: Snapshot.Storage.Section?) {
        contents = section?.contents ?? ChunkedArray()
        known = section?.contentKnown ?? ChunkedArray()
        whole = contents.chunks.count == 1 ? contents.chunks[0] : []
      }
    }

    /// Whether the item at `oldIndex` of `old` and the one at `newIndex` of
    /// `new` changed content.
    /// - Complexity: O(1): four array reads.
    @inlinable
    func changed(_ old: Side, _ oldIndex: Int, _ new: Side, _ newIndex: Int) -> Bool {
      isActive && oldIndex < old.known.count && newIndex < new.known.count
        && old.contents[oldIndex] != new.contents[newIndex]
        && old.known[oldIndex] && new.known[newIndex]
    }

    /// Appends to `changed` the new paths, in section `position`, of the
    /// items of a run (`count` pairs from `old[oldStart]` and
    /// `new[newStart]` on) whose content changed.
    ///
    /// The contents are compared in bulk (`equalContents`), and only a
    /// pair that differs reads the two marks of known content: a run of
    /// unchanged content (nearly every run, and the common ends of a
    /// snapshot derived by a few edits, whose chunks are shared) costs no
    /// read of the marks and no call per item. Compared pair by pair
    /// (`changed`), every matched pair would cost a call and four
    /// chunked-array reads, and the common ends of a derived snapshot
    /// O(*n*) reads whatever the edits.
    /// - Complexity: O(*c* + *e* + *d*), *c* the chunks passed, *e* the
    ///   pairs compared and *d* the differing pairs; O(*c*) for chunks
    ///   shared.
    @inlinable
    func appendChanged(
      _ old: Side, from oldStart: Int, _ new: Side, from newStart: Int, count: Int,
      section position: Int, to changed: inout [ItemPath]
    ) {
      guard isActive, !old.known.isEmpty, !new.known.isEmpty else { return }
      var done = 0
      while done < count {
        done += Self.equalContents(
          old, from: oldStart + done, new, from: newStart + done, limit: count - done)
        guard done < count else { return }
        if old.known[oldStart + done] && new.known[newStart + done] {
          changed.append(ItemPath(section: position, item: newStart + done))
        }
        done += 1
      }
    }

    /// The number of pairs of equal contents from `old[oldStart]` and
    /// `new[newStart]` on, up to `limit`: compared in place, four plain
    /// pairs per step (`ChunkedArray.equalPrefix`), in the two whole
    /// arrays of sections built whole (held by the sides, which saves the
    /// O(log *c*) chunk search of each call, made once per run of a few
    /// items), else chunk by chunk, the chunks shared at the same offset
    /// skipped (`ChunkedArray.commonRun`).
    /// - Complexity: O(*e*) comparisons, *e* the result, less the shared
    ///   chunks, plus O(log *c*) for chunked sides.
    @inlinable @inline(__always)
    static func equalContents(
      _ old: Side, from oldStart: Int, _ new: Side, from newStart: Int, limit: Int
    ) -> Int {
      guard !old.whole.isEmpty && !new.whole.isEmpty else {
        return ChunkedArray.commonRun(
          old.contents, from: oldStart, new.contents, from: newStart, limit: limit)
      }
      return old.whole.withUnsafeBufferPointer { oldContents in
        new.whole.withUnsafeBufferPointer { newContents in
          ChunkedArray<Int>.equalPrefix(
            UnsafeBufferPointer(rebasing: oldContents[oldStart..<(oldStart + limit)]),
            UnsafeBufferPointer(rebasing: newContents[newStart..<(newStart + limit)]))
        }
      }
    }
  }

  // MARK: Structure

  /// Whether `new` holds `old`'s sections in the same order, each with
  /// the same id and its items in the same chunks as `old`'s (so equal
  /// without a comparison: a copy, or both built from one array): the
  /// structural batch is empty.
  /// - Complexity: O(*m* + *c*), *m* the sections and *c* the chunks
  ///   compared.
  @inlinable
  static func sharesEverySection(_ old: Snapshot.Storage, _ new: Snapshot.Storage) -> Bool {
    let (oldSections, newSections) = (old.sections, new.sections)
    guard oldSections.count == newSections.count else { return false }
    for position in oldSections.indices {
      guard oldSections[position].id == newSections[position].id,
        oldSections[position].items.sharesChunks(with: newSections[position].items)
      else { return false }
    }
    return true
  }

  /// Appends to `changed` the paths of the items whose stored content
  /// changed, for two storages whose sections share their items
  /// (`sharesEverySection`): each section's contents compared in bulk.
  /// - Complexity: O(*n*) comparisons, less the chunks shared.
  @inlinable
  static func appendChangedContents(
    from old: Snapshot.Storage, to new: Snapshot.Storage, probe: ContentProbe,
    to changed: inout [ItemPath]
  ) {
    guard probe.isActive else { return }
    for position in new.sections.indices {
      probe.appendChanged(
        ContentProbe.Side(old.sections[position]), from: 0,
        ContentProbe.Side(new.sections[position]), from: 0,
        count: new.sections[position].items.count, section: position, to: &changed)
    }
  }

  /// The structural batch; the new paths of matched items whose content
  /// `probe` finds changed are appended to `changed`.
  @inlinable
  func structuralBatch(
    from old: Snapshot.Storage, to new: Snapshot.Storage, probe: ContentProbe,
    changed: inout [ItemPath]
  ) -> Changeset.Batch {
    var batch = Changeset.Batch()
    let oldSections = old.sections
    let newSections = new.sections

    // Sections: match by id in both directions.
    var newPositionOfOld = [Int](repeating: -1, count: oldSections.count)
    var oldPositionOfNew = [Int](repeating: -1, count: newSections.count)
    var survivorsOld: [Int] = []
    var survivorsNew: [Int] = []
    for (position, section) in newSections.enumerated() {
      if let from = old.sectionIndex[section.id] {
        oldPositionOfNew[position] = from
        newPositionOfOld[from] = position
        survivorsOld.append(from)
        survivorsNew.append(position)
      } else {
        batch.sectionInserts.append(position)
      }
    }
    for position in oldSections.indices where newPositionOfOld[position] < 0 {
      batch.sectionDeletes.append(position)
    }
    let keptSections = longestIncreasingSubsequence(survivorsOld)
    for (index, kept) in keptSections.enumerated() where !kept {
      batch.sectionMoves.append(.init(from: survivorsOld[index], to: survivorsNew[index]))
    }
    batch.sectionMoves.sort()

    // Items: one hash lookup per new item.
    var crossMoves: [Changeset.ItemMove] = []
    let oldIndex = old.index
    // Buffers reused from section to section.
    var staying = StayingRuns()
    // The old items of surviving sections that no run of their own section
    // took (deleted, or moved to another section), ascending section by
    // section; `unmatched[from]` is where old section `from`'s lie.
    var gaps: [Int] = []
    var unmatched = [Range<Int>](repeating: 0..<0, count: oldSections.count)
    // A new table derived from the old one: items matched by bucket, no id
    // compared or hashed (`BucketMatching`).
    let kept = new.keptBuckets(from: old)
    for (position, section) in newSections.enumerated() {
      let from = oldPositionOfNew[position]
      let oldSection = from >= 0 ? oldSections[from] : nil
      let start = gaps.count
      if let kept {
        let matching = BucketMatching(old: oldSection, new: section, index: oldIndex, kept: kept)
        diffItems(
          of: section, at: position, oldPosition: from, matching: matching, old: oldIndex,
          crossMoves: &crossMoves, gaps: &gaps, batch: &batch, probe: probe, changed: &changed,
          staying: &staying)
      } else {
        let matching = IdMatching(
          old: oldSection?.items ?? ChunkedArray(), new: section.items, index: oldIndex)
        diffItems(
          of: section, at: position, oldPosition: from, matching: matching, old: oldIndex,
          crossMoves: &crossMoves, gaps: &gaps, batch: &batch, probe: probe, changed: &changed,
          staying: &staying)
      }
      if from >= 0 { unmatched[from] = start..<gaps.count }
    }

    // Deletes: the unmatched old items that no other section took.
    var taken = crossMoves.map(\.from)
    taken.sort()
    var next = 0
    for position in oldSections.indices {
      for index in gaps[unmatched[position]] {
        let path = ItemPath(section: position, item: index)
        while next < taken.count && taken[next] < path { next += 1 }
        if next < taken.count && taken[next] == path { continue }
        batch.itemDeletes.append(path)
      }
    }
    batch.itemMoves += crossMoves
    sortMoves(&batch.itemMoves)
    return batch
  }

  /// Appends to `gaps`, ascending, the indices of `walked` that none of the
  /// runs covers (disjoint runs inside `walked`, given by their `starts`
  /// and `lengths` in any order; no `lengths` when every run is one index
  /// long). `byStart`, when given, is `ascendingOrder(of: starts, within:
  /// walked)`, which the caller also needed.
  ///
  /// The gaps are found between the runs sorted by start, so a long run
  /// costs what a short one does; only when the runs are many (at least
  /// one per eight indices: a reversed or shuffled section), not sorted
  /// yet, and leave some gap are the indices marked one by one instead.
  /// - Complexity: O(*r* log *r* + *g*), *r* the runs and *g* the gaps
  ///   (O(*r* + *g*) with `byStart`), or O(*w*), *w* the indices walked,
  ///   when the runs are many.
  @inlinable
  static func appendGaps<Values: RandomAccessCollection<Int>>(
    in walked: Range<Int>, starts: Values, lengths: Values, byStart: [Int]? = nil,
    to gaps: inout [Int]
  ) where Values.Index == Int {
    let count = starts.count
    let single = lengths.isEmpty
    // Runs covering every index (a reversed or shuffled section, nothing
    // deleted) leave no gap: their count, or one pass over the lengths,
    // shows it.
    guard (single ? count : lengths.reduce(0, +)) < walked.count else { return }
    guard byStart != nil || count <= walked.count / 8 else {
      var covered = [Bool](repeating: false, count: walked.count)
      for run in 0..<count {
        for offset in 0..<(single ? 1 : lengths[run]) {
          covered[starts[run] - walked.lowerBound + offset] = true
        }
      }
      for offset in covered.indices where !covered[offset] {
        gaps.append(walked.lowerBound + offset)
      }
      return
    }
    var next = walked.lowerBound
    for word in byStart ?? ascendingOrder(of: starts, within: walked) {
      let run = word & orderIndexMask
      gaps.append(contentsOf: next..<starts[run])
      next = starts[run] + (single ? 1 : lengths[run])
    }
    gaps.append(contentsOf: next..<walked.upperBound)
  }

  /// Sorts `moves` by source, then destination.
  ///
  /// The walk lists a section's moves in new order, so the list is often
  /// already sorted (items moved forward) or exactly reversed (a reversed
  /// section): one comparing pass finds those, and a reversed list is
  /// turned around in place, without the comparison sort and its buffer.
  /// - Complexity: O(*k*) for a sorted or reversed list, else O(*k* log *k*).
  @inlinable
  func sortMoves(_ moves: inout [Changeset.ItemMove]) {
    guard moves.count > 1 else { return }
    @inline(__always)
    func key(_ move: Changeset.ItemMove) -> (Int, Int, Int, Int) {
      (move.from.section, move.from.item, move.to.section, move.to.item)
    }
    var ascending = true
    var descending = true
    moves.withUnsafeBufferPointer { buffer in
      var previous = key(buffer[0])
      for index in 1..<buffer.count {
        let current = key(buffer[index])
        if current < previous { ascending = false } else { descending = false }
        if !ascending && !descending { return }
        previous = current
      }
    }
    if ascending { return }
    if descending {
      moves.reverse()
    } else {
      moves.sort { key($0) < key($1) }
    }
  }

  /// The inserts and moves into new section `position` (old position
  /// `oldPosition`, or -1 when the section is inserted).
  ///
  /// Most survivors of a section sit in the same relative order on both
  /// sides, so the old items are walked with a cursor alongside the new
  /// ones: a new item equal to the old item under the cursor, or (when the
  /// cursor moved on the previous item, so it is in step) to the one after
  /// it (the one under the cursor was deleted or moved away), is matched
  /// with a comparison and no hashing. So is, once two new items in a row
  /// were old neighbours in the other order (a descending stretch: a
  /// reversed section, a list sorted the other way), each next new item
  /// equal to the old item before the previous one's, which the cursor
  /// cannot follow. Only otherwise is the new item looked up in the old
  /// snapshot's table. When it is found further
  /// on in the same section, the cursor jumps past it if that looks like a
  /// run of deletions (the jump is one item, or the next new item follows
  /// it in old order too) and not like one item moved far back, which
  /// would strand the cursor. Old items the cursor skips are still found
  /// by lookup if they reappear, so the matching is exact whatever the
  /// cursor does; the cursor only saves lookups.
  ///
  /// Survivors that stay in the section are recorded as runs (old start,
  /// new start, length), each run found by comparison alone; the old items
  /// between the common ends that no run covers are appended to `gaps`
  /// (`appendGaps`), so past the first and last difference the walk costs
  /// O(*r*) bookkeeping for *r* runs, plus the comparisons.
  ///
  /// Comparing and looking up are `matching`'s: by id, or, for a new
  /// table derived from the old one, by bucket (integer comparisons, no
  /// hashing). The common prefix and suffix are found here too.
  ///
  /// Every matched pair is also where content is compared (`probe`).
  @inlinable
  func diffItems<Matching: ItemMatching>(
    of section: Snapshot.Storage.Section, at position: Int, oldPosition: Int,
    matching: Matching, old oldIndex: Snapshot.ItemIndex,
    crossMoves: inout [Changeset.ItemMove], gaps: inout [Int],
    batch: inout Changeset.Batch, probe: ContentProbe, changed: inout [ItemPath],
    staying: inout StayingRuns
  ) {
    let oldItems = oldPosition >= 0 ? oldIndex.sections[oldPosition].items : ChunkedArray()
    let newItems = section.items
    let ends =
      oldPosition >= 0 ? Self.commonEnds(oldItems, newItems, matching) : (prefix: 0, suffix: 0)
    let (oldSide, newSide) =
      probe.isActive
      ? (
        ContentProbe.Side(oldPosition >= 0 ? oldIndex.sections[oldPosition] : nil),
        ContentProbe.Side(section)
      )
      : (ContentProbe.Side(nil), ContentProbe.Side(nil))
    // The common prefix and suffix are matched in place by comparison
    // alone: they stay (their old indices are below, or above, those of
    // every other survivor, so some longest increasing subsequence keeps
    // them all), and their stored contents are compared in bulk
    // (`appendChanged`: the chunks both sides share skipped).
    let (prefix, suffix) = ends
    if probe.isActive {
      probe.appendChanged(
        oldSide, from: 0, newSide, from: 0, count: prefix, section: position, to: &changed)
      probe.appendChanged(
        oldSide, from: oldItems.count - suffix, newSide, from: newItems.count - suffix,
        count: suffix, section: position, to: &changed)
    }
    let middle = prefix..<(newItems.count - suffix)
    guard !middle.isEmpty || prefix != oldItems.count - suffix else { return }
    // The survivors staying in the section, as runs: old start, new start
    // and length (consecutive on both sides). The lengths are recorded
    // from the first run longer than one item on (`hasRuns`): a disturbed
    // section, reversed or shuffled, has none, and an array of 1s would
    // cost it a word written (and memory faulted in) per item.
    staying.old.removeAll()
    staying.new.removeAll()
    staying.length.removeAll()
    let oldToken = oldPosition >= 0 ? oldIndex.sections[oldPosition].token : -1
    let (oldEnd, newEnd) = (oldItems.count - suffix, middle.upperBound)
    var cursor = prefix
    var inStep = true
    var index = prefix
    // Whether some run is longer than one item (then `staying.length` holds
    // every run's length).
    var hasRuns = false
    // The old index of the item before `index` (in new order) when it stays
    // in this section, else -1.
    var previousOld = -1
    // Out of step (a reversed or shuffled stretch: the last lookup left
    // the cursor behind), each lookup reads ahead for the next one.
    var ahead = LookupAhead()
    while index < newEnd {
      let item = matching.key(ofNew: index)
      // The old index of the matched item in this section, else -1.
      var found = -1
      if cursor < oldEnd && matching.old(cursor, is: item) {
        found = cursor
      } else if inStep && cursor + 1 < oldEnd && matching.old(cursor + 1, is: item) {
        found = cursor + 1
      } else {
        // Out of step (a reversed or shuffled stretch: the last lookup
        // left the cursor behind), each lookup may read ahead for the next.
        let next = !inStep && index + 1 < newEnd ? index + 1 : nil
        guard let location = matching.oldLocation(of: item, at: index, next: next, ahead: &ahead)
        else {
          if oldPosition >= 0 {
            batch.itemInserts.append(ItemPath(section: position, item: index))
          }
          previousOld = -1
          index += 1
          continue
        }
        inStep = false
        guard location.token == oldToken else {
          let from = oldIndex.tokenPositions[Int(location.token)]
          let oldIndexThere = Int(location.index)
          crossMoves.append(
            .init(
              from: ItemPath(section: from, item: oldIndexThere),
              to: ItemPath(section: position, item: index)))
          if probe.isActive
            && probe.changed(
              ContentProbe.Side(oldIndex.sections[from]), oldIndexThere, newSide, index)
          {
            changed.append(ItemPath(section: position, item: index))
          }
          previousOld = -1
          index += 1
          continue
        }
        found = Int(location.index)
      }
      // The run of items following on both sides, found by comparison
      // (the second pair compared here: a disturbed section, reversed or
      // shuffled, has no runs and makes no call). Not compared when the
      // item before this one in new order is `old[found + 1]` (all along a
      // reversed stretch): the next new item, another id, cannot be.
      var length = 1
      if index + 1 < newEnd && found + 1 < oldEnd && previousOld != found + 1
        && matching.old(found + 1, isNew: index + 1)
      {
        // The next pairs compared here too, up to `inlineRun` in all, and
        // only a longer run in bulk: edits all along a section leave runs
        // of a few items, and the bulk comparison's setup per run (finding
        // the chunks, O(log c), and taking their buffers) would outweigh
        // comparing them.
        let limit = Swift.min(newEnd - index, oldEnd - found)
        length = 2
        while length < Swift.min(limit, Self.inlineRun)
          && matching.old(found + length, isNew: index + length)
        {
          length += 1
        }
        if length == Self.inlineRun && limit > length {
          length += matching.commonRun(
            old: found + length, new: index + length, limit: limit - length)
        }
        if !hasRuns {
          staying.length.append(repeating: 1, count: staying.old.count)
          hasRuns = true
        }
      }
      if probe.isActive {
        probe.appendChanged(
          oldSide, from: found, newSide, from: index, count: length, section: position,
          to: &changed)
      }
      staying.old.append(found)
      staying.new.append(index)
      if hasRuns { staying.length.append(length) }
      if staying.old.count == 8 && index - prefix < 64 {
        // Dense runs (a disturbed section: reversed, shuffled; 8 in its
        // first 64 items): room for one per item left, so the buffers do
        // not grow step by step. Sparse runs (a few edits) reserve
        // nothing, however far apart they are.
        let room = staying.old.count + newEnd - index
        staying.old.reserve(room)
        staying.new.reserve(room)
        if hasRuns { staying.length.reserve(room) }
      }
      // The cursor moves past a match at or next to it, past a run, and
      // past a short jump (a few items deleted), but not past one item
      // found far on (moved back from there: the cursor would strand).
      if found >= cursor && (found + 1 - cursor <= 2 || length > 1) {
        cursor = found + length
        inStep = true
      }
      // Descending (the previous new item is the old item after this
      // one: a reversed stretch, a list sorted the other way): the next
      // new items are compared with the old items before this one, one by
      // one, each a survivor of its own, with no lookup. In a loop of its
      // own, so that the walk above stays as tight for every other order
      // (the same comparison made there, before each lookup, would cost
      // every order one more comparison and a larger loop).
      let descending = length == 1 && previousOld == found + 1
      previousOld = found + length - 1
      index += length
      while descending && index < newEnd && previousOld > prefix
        && matching.old(previousOld - 1, isNew: index)
      {
        previousOld -= 1
        if probe.isActive && probe.changed(oldSide, previousOld, newSide, index) {
          changed.append(ItemPath(section: position, item: index))
        }
        staying.old.append(previousOld)
        staying.new.append(index)
        if hasRuns { staying.length.append(1) }
        index += 1
      }
    }
    // When some run is longer than one item: the runs in ascending order of
    // old start, ordered once for the gaps and the heaviest increasing
    // subsequence.
    let (stayingOld, stayingNew, stayingLength) =
      (staying.old.elements, staying.new.elements, staying.length.elements)
    let byStart = hasRuns ? ascendingOrder(of: stayingOld, within: prefix..<oldEnd) : nil
    if oldPosition >= 0 {
      Self.appendGaps(
        in: prefix..<oldEnd, starts: stayingOld, lengths: stayingLength, byStart: byStart,
        to: &gaps)
    }
    let kept =
      if let byStart {
        heaviestIncreasingSubsequence(stayingOld, weights: stayingLength, ascending: byStart)
      } else {
        longestIncreasingSubsequence(stayingOld)
      }
    // Room for every move at once (a reversed section moves all but one),
    // growing geometrically across sections.
    var needed = batch.itemMoves.count
    if hasRuns {
      for (run, isKept) in kept.enumerated() where !isKept { needed += stayingLength[run] }
    } else {
      needed += kept.count(where: { !$0 })
    }
    if needed > batch.itemMoves.capacity {
      batch.itemMoves.reserveCapacity(Swift.max(needed, 2 * batch.itemMoves.capacity))
    }
    for (run, isKept) in kept.enumerated() where !isKept {
      guard hasRuns else {
        batch.itemMoves.append(
          .init(
            from: ItemPath(section: oldPosition, item: stayingOld[run]),
            to: ItemPath(section: position, item: stayingNew[run])))
        continue
      }
      for offset in 0..<stayingLength[run] {
        batch.itemMoves.append(
          .init(
            from: ItemPath(section: oldPosition, item: stayingOld[run] + offset),
            to: ItemPath(section: position, item: stayingNew[run] + offset)))
      }
    }
  }

  /// The longest run the walk compares pair by pair before comparing the
  /// rest of it in bulk (`ItemMatching.commonRun`).
  @inlinable static var inlineRun: Int { 8 }

  /// The lengths of the common prefix and, in what is left, the common
  /// suffix of `old` and `new`, as `matching` matches them: the whole
  /// array when both share one storage, and chunks shared at the same
  /// offset skipped uncompared.
  /// - Complexity: O(*n*) comparisons, in order, less the shared chunks;
  ///   O(1) for shared storage.
  @inlinable
  static func commonEnds<Matching: ItemMatching>(
    _ old: ChunkedArray<ItemIdentifier>, _ new: ChunkedArray<ItemIdentifier>,
    _ matching: Matching
  ) -> (prefix: Int, suffix: Int) {
    if old.sharesStorage(with: new) { return (old.count, 0) }
    let limit = Swift.min(old.count, new.count)
    let prefix = matching.commonRun(old: 0, new: 0, limit: limit)
    let suffix = matching.commonRunBackward(
      oldEnd: old.count, newEnd: new.count, limit: limit - prefix)
    return (prefix, suffix)
  }

  // MARK: Refresh

  /// The refresh batch: the items marked in `new` and present in both, the
  /// items at the new paths `contentChanged` (stored contents) and those
  /// whose content the maps of `options` say changed, as reloads or
  /// reconfigures (a reload wins); sections marked for reload in `new` and
  /// present in both.
  @inlinable
  func refreshBatch(
    from old: Snapshot.Storage, to new: Snapshot.Storage, contentChanged: [ItemPath],
    options: DiffOptions<ItemIdentifier>
  ) -> Changeset.Batch {
    var batch = Changeset.Batch()
    var reloads = paths(of: new.reloadedItems.order, presentIn: old, in: new)
    var reconfigures = paths(of: new.reconfiguredItems.order, presentIn: old, in: new)
    var changed = contentChanged
    if !options.oldContent.isEmpty && !options.newContent.isEmpty {
      let (oldIndex, newIndex) = (old.index, new.index)
      for item in Self.changedEntries(from: options.oldContent, to: options.newContent) {
        guard oldIndex.contains(item), let location = newIndex.location(of: item)
        else { continue }
        changed.append(
          ItemPath(
            section: newIndex.tokenPositions[Int(location.token)], item: Int(location.index)))
      }
    }
    if options.contentUpdate == .reload {
      reloads += changed
    } else {
      reconfigures += changed
    }
    batch.itemReloads = sortedUnique(reloads)
    batch.itemReconfigures = sortedUnique(reconfigures)
    if !batch.itemReloads.isEmpty && !batch.itemReconfigures.isEmpty {
      let reloaded = Set(batch.itemReloads)
      batch.itemReconfigures.removeAll { reloaded.contains($0) }
    }
    batch.sectionReloads = new.reloadedSections.order
      .filter { old.sectionIndex[$0] != nil }
      .compactMap { new.sectionIndex[$0] }
      .sorted()
    return batch
  }

  /// The keys of `new` that `old` holds with another value.
  ///
  /// A map made from the other by assignments keeps its buckets (a
  /// `Dictionary` copied on write keeps its seed and the place of every
  /// key; adding a key fills an empty bucket, and only a removal, which
  /// moves a few keys back into the hole, or growth moves keys), so `new`
  /// is walked with `old`'s entries as a guide: an entry whose key is the
  /// guide's is compared with it, with no hashing. That is the common case
  /// of an app that copies its previous content map and changes a few
  /// entries. Before an entry is compared, the guide passes the keys that
  /// `new` lacks (removed) and those already paired out of step (moved
  /// back); an entry that still differs from the guide is looked up in
  /// `old` and remembered as paired, and after 8 such entries in a row
  /// the guide passes one key (moved far ahead, as a removal near the
  /// table's end moves keys across it). Each guide key checked is a
  /// detour; once they are more than 32 and more than a quarter of the
  /// entries compared in step (maps built apart, whose orders differ
  /// throughout), the rest of `new` is looked up in `old` without a
  /// guide, as every entry is when `new` has fewer than half as many
  /// entries as `old`. The guide only chooses how an entry of `new`
  /// is paired (an entry compared in step has the same key on both
  /// sides), so the keys returned never depend on it.
  ///
  /// The walk reads entries with the maps' iterators, which copy each
  /// key: a retain and a release per `String` id. Reading keys in place by
  /// index saves those for `String` keys but costs plain keys more per
  /// entry, and a walk of each kind chosen by key type would leave the
  /// `String` one unreached by the catalog's coverage (its ids are `Int`).
  /// - Complexity: O(*n*) sequential comparisons for a map made by
  ///   assignments, plus a few lookups per key added, removed or moved;
  ///   otherwise one lookup per entry of `new`, plus a few for the first.
  @inlinable
  static func changedEntries(
    from old: ContentMap<ItemIdentifier>, to new: ContentMap<ItemIdentifier>
  ) -> [ItemIdentifier] {
    var changed: [ItemIdentifier] = []
    var olds = old.makeIterator()
    var guide = olds.next()
    var news = new.makeIterator()
    var paired = Set<ItemIdentifier>()
    var (inStep, detours, stalls) = (0, 0, 0)
    // A map made by assignments has about as many entries as the one it
    // was made from; a sparse map of the changes (the data source's
    // `apply(_:contents:)`) skips the guide, whose detours would look up
    // in `new` each of the many keys of `old` it lacks.
    let guided = new.count >= old.count / 2
    while guided, let entry = news.next() {
      while let known = guide, known.key != entry.key, detours <= 32 || detours * 4 <= inStep {
        detours += 1
        guard paired.contains(known.key) || new[known.key] == nil else { break }
        guide = olds.next()
      }
      if let known = guide, known.key == entry.key {
        if known.value != entry.value { changed.append(entry.key) }
        guide = olds.next()
        inStep += 1
        stalls = 0
        continue
      }
      if let before = old[entry.key] {
        if before != entry.value { changed.append(entry.key) }
        paired.insert(entry.key)
        stalls += 1
        if stalls >= 8 {
          // The guide's key comes much later in `new` (a removal near the
          // table's end moves keys across it): pass it.
          guide = olds.next()
          detours += 1
          stalls = 0
        }
      }
      if detours > 32 && detours * 4 > inStep { break }
    }
    while let entry = news.next() {
      if let before = old[entry.key], before != entry.value { changed.append(entry.key) }
    }
    return changed
  }

  /// The paths in `snapshot` of the `items` (all in it) that `other` holds
  /// too.
  @inlinable
  func paths(
    of items: [ItemIdentifier], presentIn other: Snapshot.Storage, in snapshot: Snapshot.Storage
  ) -> [ItemPath] {
    // (No mark: the two indexes, which retain the tables, are not made.)
    guard !items.isEmpty else { return [] }
    var paths: [ItemPath] = []
    let (otherIndex, index) = (other.index, snapshot.index)
    for item in items where otherIndex.contains(item) {
      guard let location = index.location(of: item) else { continue }
      paths.append(
        ItemPath(
          section: index.tokenPositions[Int(location.token)], item: Int(location.index)))
    }
    return paths
  }

  /// `paths` sorted, each once.
  @inlinable
  func sortedUnique(_ paths: [ItemPath]) -> [ItemPath] {
    guard paths.count > 1 else { return paths }
    var sorted = paths.sorted()
    var write = 1
    for read in 1..<sorted.count where sorted[read] != sorted[write - 1] {
      sorted[write] = sorted[read]
      write += 1
    }
    sorted.removeLast(sorted.count - write)
    return sorted
  }
}

/// The runs of survivors the diff walk finds in one section (old start,
/// new start and length of each), in lists reused from section to section.
@usableFromInline
struct StayingRuns: ~Copyable {
  @usableFromInline var old = IntList()
  @usableFromInline var new = IntList()
  /// Empty while every run is one item long.
  @usableFromInline var length = IntList()

  @inlinable init() {}
}
