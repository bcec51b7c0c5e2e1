/// How the differ's walk along a section (`EngineDiffer.diffItems`) tells
/// whether an old item is a new one, and finds a new item among the old:
/// by id for any two snapshots (`EngineDiffer.IdMatching`), or by bucket
/// when the new snapshot's table was derived from the old one's
/// (`EngineDiffer.BucketMatching`), which compares no id and hashes none.
@usableFromInline
protocol ItemMatching {
  /// What the walk reads of a new item once and compares with old items.
  associatedtype Key

  /// The key of the new item at `index`.
  func key(ofNew index: Int) -> Key

  /// Whether the old item at `index` is the new item with `key`.
  func old(_ index: Int, is key: Key) -> Bool

  /// Whether the old item at `oldIndex` is the new item at `newIndex`,
  /// both read where they are stored (no key copied out).
  func old(_ oldIndex: Int, isNew newIndex: Int) -> Bool

  /// The number of pairs that match from the old item at `old` and the new
  /// item at `new` on, going forward, up to `limit` pairs.
  func commonRun(old: Int, new: Int, limit: Int) -> Int

  /// The number of pairs that match going backward from the old item
  /// before `oldEnd` and the new item before `newEnd`, up to `limit`.
  func commonRunBackward(oldEnd: Int, newEnd: Int, limit: Int) -> Int

  /// The location in the old snapshot of the new item at `index` (key
  /// `key`), its index exact, or `nil` when the old snapshot lacks it;
  /// `next`, when given, is the new item looked up next, whose lookup may
  /// start reading ahead, into `ahead`.
  func oldLocation(
    of key: Key, at index: Int, next: Int?, ahead: inout LookupAhead
  ) -> ItemLocation?
}

/// What a lookup read ahead for the next one (`EngineDiffer.IdMatching`):
/// the new index, its hash and the first control word of its probe, so
/// that the two table reads (each a likely cache miss) of consecutive
/// lookups overlap.
@usableFromInline
struct LookupAhead {
  @usableFromInline var index = -1
  @usableFromInline var hash = 0
  @usableFromInline var control: UInt64 = 0

  @inlinable init() {}
}

/// The old and the new column of one section that a matching compares
/// (items or buckets), with their readers.
@usableFromInline
struct ColumnPair<Element> {
  @usableFromInline let old: ChunkedArray<Element>
  @usableFromInline let new: ChunkedArray<Element>
  @usableFromInline let oldRead: ChunkedArray<Element>.Reader
  @usableFromInline let newRead: ChunkedArray<Element>.Reader

  @inlinable init(old: ChunkedArray<Element>, new: ChunkedArray<Element>) {
    (self.old, self.new) = (old, new)
    (oldRead, newRead) = (old.reader, new.reader)
  }
}

extension EngineDiffer {
  /// Matching by id: items compared with `==` where they are stored, a new
  /// item looked up in the old snapshot's table by its hash.
  @usableFromInline
  struct IdMatching: ItemMatching {
    @usableFromInline let items: ColumnPair<ItemIdentifier>
    @usableFromInline let index: Snapshot.ItemIndex

    @inlinable
    init(
      old: ChunkedArray<ItemIdentifier>, new: ChunkedArray<ItemIdentifier>,
      index: Snapshot.ItemIndex
    ) {
      items = ColumnPair(old: old, new: new)
      self.index = index
    }

    @inlinable @inline(__always)
    func key(ofNew index: Int) -> ItemIdentifier { items.newRead[index] }

    @inlinable @inline(__always)
    func old(_ index: Int, is key: ItemIdentifier) -> Bool {
      items.oldRead.element(at: index, equals: key)
    }

    @inlinable @inline(__always)
    func old(_ oldIndex: Int, isNew newIndex: Int) -> Bool {
      items.oldRead.element(at: oldIndex, equals: items.newRead[newIndex])
    }

    @inlinable
    func commonRun(old: Int, new: Int, limit: Int) -> Int {
      ChunkedArray.commonRun(items.old, from: old, items.new, from: new, limit: limit)
    }

    @inlinable
    func commonRunBackward(oldEnd: Int, newEnd: Int, limit: Int) -> Int {
      ChunkedArray.commonRunBackward(items.old, to: oldEnd, items.new, to: newEnd, limit: limit)
    }

    @inlinable @inline(__always)
    func oldLocation(
      of key: ItemIdentifier, at index: Int, next: Int?, ahead: inout LookupAhead
    ) -> ItemLocation? {
      let given = ahead.index == index ? ahead : nil
      if let next {
        let hash = items.newRead.hashValue(at: next)
        (ahead.index, ahead.hash, ahead.control) = (next, hash, self.index.startControl(of: hash))
      }
      return self.index.location(of: key, hash: given?.hash, firstControl: given?.control)
    }
  }

  /// Matching by bucket, for a new snapshot whose table was derived from
  /// the old one's (`EngineSnapshot.Storage.keptBuckets(from:)`): an item
  /// both hold sits in the same bucket of both tables, and every other new
  /// item is absent from the old snapshot, so two items are the same when
  /// their buckets are equal and the new one's is kept (a new id may have
  /// taken the bucket of a deleted one). The key of a new item is its
  /// bucket when kept, else -1, which no old bucket equals.
  @usableFromInline
  struct BucketMatching: ItemMatching {
    @usableFromInline let buckets: ColumnPair<Int32>
    @usableFromInline let index: Snapshot.ItemIndex
    /// A bit per bucket, set for the kept ones.
    @usableFromInline let kept: [UInt64]

    @inlinable
    init(
      old: Snapshot.Storage.Section?, new: Snapshot.Storage.Section, index: Snapshot.ItemIndex,
      kept: [UInt64]
    ) {
      buckets = ColumnPair(old: old?.buckets ?? ChunkedArray(), new: new.buckets)
      self.index = index
      self.kept = kept
    }

    /// Whether `bucket` is kept.
    @inlinable @inline(__always)
    func isKept(_ bucket: Int32) -> Bool {
      let bucket = Int(bucket)
      return kept.withUnsafeBufferPointer { $0[bucket &>> 6] &>> UInt64(bucket & 63) & 1 != 0 }
    }

    @inlinable @inline(__always)
    func key(ofNew index: Int) -> Int32 {
      let bucket = buckets.newRead[index]
      return isKept(bucket) ? bucket : -1
    }

    @inlinable @inline(__always)
    func old(_ index: Int, is key: Int32) -> Bool { buckets.oldRead[index] == key }

    @inlinable @inline(__always)
    func old(_ oldIndex: Int, isNew newIndex: Int) -> Bool {
      old(oldIndex, is: key(ofNew: newIndex))
    }

    @inlinable
    func commonRun(old: Int, new: Int, limit: Int) -> Int {
      ChunkedArray.commonRun(buckets.old, from: old, buckets.new, from: new, limit: limit) {
        old, new in
        let limit = Swift.min(old.count, new.count)
        var length = 0
        while length < limit && old[length] == new[length] && isKept(new[length]) { length += 1 }
        return length
      }
    }

    @inlinable
    func commonRunBackward(oldEnd: Int, newEnd: Int, limit: Int) -> Int {
      ChunkedArray.commonRunBackward(
        buckets.old, to: oldEnd, buckets.new, to: newEnd, limit: limit
      ) {
        old, new in
        let limit = Swift.min(old.count, new.count)
        var length = 0
        while length < limit {
          let bucket = new[new.count - 1 - length]
          guard old[old.count - 1 - length] == bucket, isKept(bucket) else { break }
          length += 1
        }
        return length
      }
    }

    @inlinable @inline(__always)
    func oldLocation(
      of key: Int32, at index: Int, next: Int?, ahead: inout LookupAhead
    ) -> ItemLocation? {
      key < 0 ? nil : self.index.exactLocation(inBucket: Int(key))
    }
  }
}
