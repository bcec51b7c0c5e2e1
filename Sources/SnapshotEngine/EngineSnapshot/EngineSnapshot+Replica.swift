#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// Rebuilt from arrays: remembered snapshots.
//
// An app often rebuilds the snapshot it already shows from its model arrays
// (`appendSections`, `appendItems(ids, toSection:)`, or with the contents
// `appendItems(ids, contents:toSection:)`) and applies it. Hashing
// every appended id (to throw on a repeat at the call, as the model does)
// costs a hash and a table probe per id, many times a sequential comparison
// of the arrays, both O(n); so `EngineDiffer` remembers, per thread
// and weakly, the storages of the last few snapshots it compared, and a
// snapshot being built from nothing that appends to an empty section
// exactly (`==`) the items of the section with the same id in one of them
// takes that section's arrays and hashes nothing: ids of distinct sections
// of one sound snapshot are distinct, so no repeat is possible. Its table
// is built when first needed (`materialize`): adopted, copy-on-write, when
// its sections are exactly the remembered one's, else hashed as before.
//
// An array that is the remembered section edited (the usual update: a few
// ids inserted, deleted or moved) is *derived*: walked with a cursor along
// the remembered section, each id equal to the item under the cursor (or
// the one after it) takes that item's bucket with a comparison and no hash;
// only the others are hashed, to find them in the remembered table (moved
// from elsewhere) or to learn they are new. A bit per remembered bucket
// tells an id taken twice, and a table of the new ids a new id repeated:
// either leaves the call to the usual path, which throws or moves as the
// model does, so the derived path never changes an answer. The table is
// then the remembered one, copied, with the remembered items left out
// vacated, the new ids added and every location rewritten: O(n) writes,
// but hashes only for the ids the cursor missed.

extension EngineSnapshot.Storage {
  /// What the table of a storage being built from nothing (only
  /// `reserveCapacity`, `appendSections` and `appendItems` so far) waits
  /// for: the remembered storage whose section arrays it took (held, so
  /// that its owner copies before mutating it), the items taken and the
  /// capacity asked for.
  @usableFromInline
  struct Replica {
    /// The remembered storage the taken sections come from.
    @usableFromInline var source: EngineSnapshot.Storage?
    /// The items taken so far.
    @usableFromInline var count: Int
    /// The capacity `reserveCapacity` asked for (0: none).
    @usableFromInline var reserved: Int
    /// Once a section is derived: a bit per bucket of the source's table,
    /// set for the buckets of the items taken (empty before).
    @usableFromInline var taken: [UInt64]
    /// The ids of derived sections the source does not hold: the section's
    /// token, the index and the hash of each, in the order met.
    @usableFromInline var fresh: [(token: Int32, index: Int32, hash: Int)]
    /// The same ids by hash, to find a repeat among them (their locations
    /// point into this storage's sections, or into the ids being added).
    @usableFromInline var freshTable: ItemTable

    @inlinable init() {
      source = nil
      count = 0
      reserved = 0
      taken = []
      fresh = []
      freshTable = ItemTable()
    }

    /// Whether some section was derived (not taken whole).
    @inlinable var isDerived: Bool { !taken.isEmpty }

    /// Whether `bucket` of the source's table is taken.
    @inlinable func isTaken(_ bucket: Int) -> Bool {
      taken[bucket &>> 6] & (1 &<< UInt64(bucket & 63)) != 0
    }

    /// Flips the taken bit of `bucket`.
    @inlinable mutating func flip(_ bucket: Int) {
      taken[bucket &>> 6] ^= 1 &<< UInt64(bucket & 63)
    }

    /// Files the new ids anew, from `fresh`, in a table with room for
    /// `extra` more.
    /// - Complexity: O(*f*), *f* the new ids; no hashing.
    @inlinable mutating func refileFresh(room extra: Int) {
      var table = ItemTable(capacity: Swift.max(16, 2 * (fresh.count + extra)))
      for item in fresh {
        table.occupy(
          table.freeBucket(hash: item.hash), hash: item.hash,
          location: ItemLocation(token: item.token, index: Int(item.index)), pagesUnique: true)
      }
      freshTable = table
    }

    /// Marks every bucket of `buckets` taken, or (when one already is)
    /// none and returns `false`.
    /// - Complexity: O(*k*), *k* the buckets.
    @inlinable mutating func take(_ buckets: ChunkedArray<Int32>) -> Bool {
      let read = buckets.reader
      for index in 0..<buckets.count {
        let bucket = Int(read[index])
        guard !isTaken(bucket) else {
          for undone in 0..<index { flip(Int(read[undone])) }
          return false
        }
        flip(bucket)
      }
      return true
    }
  }

  /// Where a derived table came from (`derive`): the source storage (held
  /// weakly: a lineage keeps nothing alive), its version then, and a bit
  /// per bucket set for the buckets of the source's items taken, which
  /// kept their bucket; the new ids took other buckets, some maybe those
  /// of the source's items left out.
  @usableFromInline
  struct Lineage {
    @usableFromInline weak var source: EngineSnapshot.Storage?
    @usableFromInline let sourceVersion: UInt64
    @usableFromInline let kept: [UInt64]

    @inlinable init(source: EngineSnapshot.Storage, sourceVersion: UInt64, kept: [UInt64]) {
      self.source = source
      self.sourceVersion = sourceVersion
      self.kept = kept
    }
  }

  /// The registry key of this storage type.
  @inlinable static var replicaKind: ObjectIdentifier { ObjectIdentifier(Self.self) }

  /// Remembers `old` and then `new` (weakly, on this thread) as storages a
  /// snapshot may be rebuilt from.
  /// - Precondition: their tables are built.
  @inlinable
  static func remember(_ old: EngineSnapshot.Storage, _ new: EngineSnapshot.Storage) {
    ReplicaRegistry.remember(old, new, kind: replicaKind)
  }

  /// The section of a remembered storage (`source` when given, else the
  /// most recent remembered on this thread that has one) with id `section`
  /// and items equal to `ids`, or `nil`.
  /// - Complexity: O(*k*) comparisons per storage tried (at most
  ///   `ReplicaRegistry.limit`); O(1) for an array sharing the section's.
  @inlinable
  static func replicaSection(
    of ids: [ItemIdentifier], id section: SectionIdentifier, source: EngineSnapshot.Storage?
  ) -> (storage: EngineSnapshot.Storage, position: Int)? {
    func match(_ storage: EngineSnapshot.Storage) -> Int? {
      guard storage.replica == nil, let position = storage.sectionIndex[section],
        storage.sections[position].items.elementsEqual(ids)
      else { return nil }
      return position
    }
    if let source {
      return match(source).map { (source, $0) }
    }
    var found: (storage: EngineSnapshot.Storage, position: Int)?
    ReplicaRegistry.forEachRemembered(kind: replicaKind) { object in
      let storage = unsafeDowncast(object, to: EngineSnapshot.Storage.self)
      guard let position = match(storage) else { return false }
      found = (storage, position)
      return true
    }
    return found
  }

  /// The most recent storage remembered on this thread that has a section
  /// with id `section`, or `nil`.
  /// - Complexity: O(1) per storage tried (at most `ReplicaRegistry.limit`).
  @inlinable
  static func remembered(withSection section: SectionIdentifier) -> EngineSnapshot.Storage? {
    var found: EngineSnapshot.Storage?
    ReplicaRegistry.forEachRemembered(kind: replicaKind) { object in
      let storage = unsafeDowncast(object, to: EngineSnapshot.Storage.self)
      guard storage.replica == nil, storage.sectionIndex[section] != nil else { return false }
      found = storage
      return true
    }
    return found
  }

  /// Builds the table of a storage being built (nothing when it is built):
  /// the remembered source's table when the sections are exactly its own
  /// (same ids, order and tokens, every item array taken from it), else one
  /// hash per item (no repeat check: the taken sections come from one
  /// sound snapshot), with room to spare (`ItemTable.roomyCapacity`). The
  /// capacity `reserveCapacity` asked for is honoured.
  /// - Complexity: O(*m*) when adopted, O(*n*) hashes otherwise.
  /// Never inlined: every access of `EngineSnapshot.storage` may call it.
  @inlinable
  @inline(never)
  func materialize() {
    guard let replica else { return }
    self.replica = nil
    if let source = replica.source, !replica.isDerived, isExactReplica(of: source) {
      table = source.table
      prefix = source.prefix
      prefixValid = source.prefixValid
    } else if let source = replica.source, replica.isDerived, derive(from: source, replica) {
      // The source's table, edited (`derive`).
    } else if replica.count > 0 {
      rebuildTable(capacity: ItemTable.roomyCapacity(Swift.max(replica.count, replica.reserved)))
    }
    reserveTable(total: replica.reserved)
  }

  /// Builds the table of a storage some of whose sections were derived
  /// from `source` (the rest taken whole): `source`'s table, copied, with
  /// the buckets of its items not taken vacated and the new ids added,
  /// each with the hash the derivation computed; then every item's
  /// location written. Returns `false`, the table unbuilt, when the new
  /// ids do not fit in the copy (then every id is hashed anew).
  /// - Complexity: O(*n* + *n*′) writes, *n* the source's items and *n*′
  ///   this storage's; no hashing.
  @inlinable
  func derive(from source: EngineSnapshot.Storage, _ replica: Replica) -> Bool {
    var table = source.table
    table.makePagesUnique()
    for section in source.sections {
      let read = section.buckets.reader
      for index in 0..<section.buckets.count where !replica.isTaken(Int(read[index])) {
        table.vacate(Int(read[index]))
      }
    }
    // A source with no items may have no buckets to add new ids to.
    guard table.groupCount > 0 || replica.fresh.isEmpty else { return false }
    for item in replica.fresh {
      let bucket = table.freeBucket(hash: item.hash)
      // A deleted bucket reused adds no load; an empty one must fit.
      guard table.control(at: bucket) == ItemTable.deleted || table.fits(1) else { return false }
      table.occupy(
        bucket, hash: item.hash, location: ItemLocation(token: item.token, index: Int(item.index)),
        pagesUnique: true)
      // A derived section's buckets are one chunk, built by `appendDerived`.
      sections[tokenPositions[Int(item.token)]].buckets.chunks[0][Int(item.index)] =
        Int32(truncatingIfNeeded: bucket)
    }
    self.table = table
    for position in sections.indices { relocate(section: position, from: 0) }
    lineage = Lineage(source: source, sourceVersion: source.version, kept: replica.taken)
    return true
  }

  /// The buckets of this storage's table that hold an item `old` holds in
  /// the same bucket of its own, a bit per bucket, when this storage's
  /// table was derived from `old`'s and neither storage changed since
  /// (then every other item of this storage is absent from `old`); else
  /// `nil`. The differ then matches items by bucket
  /// (`EngineDiffer.BucketMatching`).
  /// - Complexity: O(1).
  @inlinable
  func keptBuckets(from old: EngineSnapshot.Storage) -> [UInt64]? {
    guard let lineage, lineage.source === old, lineage.sourceVersion == old.version else {
      return nil
    }
    return lineage.kept
  }

  /// The buckets of `ids` appended to an empty section (token `token`)
  /// derived from `old`, a section of the source `source`: the source
  /// bucket of each id the source holds (now taken), -1 for each new one
  /// (recorded in `fresh`, placed by `derive`). `nil`, with nothing
  /// recorded, when an id is taken already or repeats a new one (the usual
  /// path then throws or moves) or once more of the ids so far missed the
  /// cursor than the hashes saved pay for (about half for an id whose hash
  /// is dear, a sixteenth for a trivially copyable one; an array unlike
  /// `old`, reversed or shuffled: the usual path's one hash per id is
  /// cheaper).
  /// - Complexity: O(*k*) comparisons, plus a hash and a lookup in the
  ///   source for each id the cursor misses.
  @inlinable
  func derivedBuckets(
    _ ids: [ItemIdentifier], from old: Section, in source: EngineSnapshot.Storage, token: Int32
  ) -> [Int32]? {
    // Worked on out of the storage (no copy of its bitmap and set), put
    // back as it is on success and as it was on failure.
    guard var replica = self.replica else { return nil }
    self.replica = nil
    defer { self.replica = replica }
    var buckets: [Int32] = []
    buckets.reserveCapacity(ids.count)
    let freshBefore = replica.fresh.count
    let (items, oldBuckets) = (old.items.reader, old.buckets.reader)
    let (oldCount, index) = (old.items.count, source.index)
    var (cursor, misses) = (0, 0)
    // How few misses the walk tolerates: a miss costs a hash and a lookup
    // in the source, and the table is then written whole (O(n)); that pays
    // for up to about half misses when the usual hash of an id is dear (a
    // reference-counted id: a retain, a release and a pointer chase to its
    // bytes, as for `String`), but only for a few when it is cheap (a
    // trivially copyable id, `Int`).
    let missShare = _isPOD(ItemIdentifier.self) ? 16 : 2
    func undo() -> [Int32]? {
      for bucket in buckets where bucket >= 0 { replica.flip(Int(bucket)) }
      if replica.fresh.count > freshBefore {
        replica.fresh.removeSubrange(freshBefore...)
        replica.refileFresh(room: 0)
      }
      return nil
    }
    // The id a new id's entry points at: one of `ids` (this call's) or an
    // item of a section derived before.
    func isFresh(_ location: ItemLocation, _ offset: Int) -> Bool {
      location.token == token
        ? ids[Int(location.index)] == ids[offset]
        : sections[tokenPositions[Int(location.token)]].items[Int(location.index)] == ids[offset]
    }
    for offset in ids.indices {
      let bucket: Int
      if cursor < oldCount && items.element(at: cursor, equals: ids[offset]) {
        bucket = Int(oldBuckets[cursor])
        cursor += 1
      } else if cursor + 1 < oldCount && items.element(at: cursor + 1, equals: ids[offset]) {
        bucket = Int(oldBuckets[cursor + 1])
        cursor += 2
      } else {
        misses += 1
        guard misses <= offset / missShare + 8 else { return undo() }
        let hash = ids[offset].hashValue
        guard let found = index.bucket(of: ids[offset], hash: hash) else {
          if !replica.freshTable.fits(1) { replica.refileFresh(room: 1) }
          let (free, repeated) = replica.freshTable.findOrFree(hash: hash) { location, _ in
            isFresh(location, offset)
          }
          guard !repeated else { return undo() }
          let location = ItemLocation(token: token, index: offset)
          // Checked: a copy of the snapshot made while it was built shares
          // the table's page.
          replica.freshTable.occupy(free, hash: hash, location: location, pagesUnique: false)
          replica.fresh.append((token, location.index, hash))
          buckets.append(-1)
          continue
        }
        bucket = found
        // Found a few places on in this section (some deleted): the cursor
        // follows. The filed index may have drifted: the cursor only saves
        // comparisons, whatever it does.
        let filed = source.table.location(at: found)
        if filed.token == old.token && Int(filed.index) >= cursor
          && Int(filed.index) - cursor < 8
        {
          cursor = Swift.min(Int(filed.index) + 1, oldCount)
        }
      }
      guard !replica.isTaken(bucket) else { return undo() }
      replica.flip(bucket)
      buckets.append(Int32(truncatingIfNeeded: bucket))
    }
    return buckets
  }

  /// Whether this storage's sections are exactly `source`'s: the same ids
  /// in the same order with the same tokens (and no free token), every
  /// item array shared with it.
  @inlinable
  func isExactReplica(of source: EngineSnapshot.Storage) -> Bool {
    guard source.sections.count == sections.count, source.freeTokens == freeTokens,
      source.tokenPositions == tokenPositions
    else { return false }
    for (mine, theirs) in zip(sections, source.sections) {
      guard mine.id == theirs.id, mine.token == theirs.token,
        mine.items.sharesStorage(with: theirs.items)
      else { return false }
    }
    return true
  }

}

extension EngineSnapshot {
  /// The build path of `appendItems(_:toSection:)` (and, with `contents`,
  /// of `appendItems(_:contents:toSection:)`) while the table is not
  /// built: appends `ids` to an empty section by taking the section with
  /// the same id from a remembered storage whose items equal `ids`, hashing
  /// nothing; the contents, when given, are stored as they are (the
  /// remembered section's are not read); else derives the section from
  /// the remembered one (`appendDerived`). Returns `false` (nothing
  /// changed) when neither applies; the caller then takes the usual path,
  /// which builds the table first.
  /// - Complexity: O(*k*) comparisons, *k* the ids, per remembered storage
  ///   tried; O(1) when the array is the remembered section's.
  @inlinable
  mutating func appendReplica(
    _ ids: [ItemIdentifier], contents: [Int]?, toSection section: SectionIdentifier?
  ) -> Bool {
    let position: Int
    if let section {
      guard let found = base.sectionIndex[section] else { return false }
      position = found
    } else {
      guard !base.sections.isEmpty else { return false }
      position = base.sections.count - 1
    }
    if ids.isEmpty { return true }
    guard base.sections[position].items.isEmpty else { return false }
    let id = base.sections[position].id
    guard
      let (source, from) = Storage.replicaSection(
        of: ids, id: id, source: base.replica?.source)
    else {
      return appendDerived(ids, contents: contents, toSection: position)
    }
    makeUnique()
    let taken = source.sections[from]
    // Once a section is derived, the items of a section taken whole are
    // marked taken too; one taken already (moved into a derived section)
    // leaves the call to the usual path, which moves it back.
    if base.replica?.isDerived == true, base.replica?.take(taken.buckets) != true {
      return false
    }
    base.replica?.source = source
    base.replica?.count += ids.count
    base.sections[position].items = taken.items
    base.sections[position].buckets = taken.buckets
    base.sections[position].drift = taken.drift
    base.sections[position].shiftedFrom = taken.shiftedFrom
    storeContents(contents, inSection: position, count: ids.count)
    base.invalidatePrefix(from: position + 1)
    return true
  }

  /// The derived build path (see "Rebuilt from arrays"): appends `ids` to
  /// the empty section at `position` as the section with its id in the
  /// source (or, before any section was taken, in the most recent
  /// remembered storage that has one) edited, hashing only the ids the
  /// walk along it misses. Returns `false` (nothing changed) when there is
  /// no such section or `derivedBuckets` declines.
  /// - Complexity: O(*k*) comparisons, plus a hash for each id the walk
  ///   misses; the first derived section also marks the items of the
  ///   sections taken whole so far, and allocates a bit per bucket of the
  ///   source's table.
  @inlinable
  mutating func appendDerived(_ ids: [ItemIdentifier], contents: [Int]?, toSection position: Int)
    -> Bool
  {
    let id = base.sections[position].id
    guard let source = base.replica?.source ?? Storage.remembered(withSection: id),
      source.replica == nil, let from = source.sectionIndex[id]
    else { return false }
    makeUnique()
    // The bits are those of this source's buckets: made for it here, and
    // dropped again when this first derivation declines, so the storage is
    // left as it was.
    let starts = base.replica?.isDerived == false
    if starts {
      base.replica?.taken = [UInt64](
        repeating: 0, count: Swift.max(1, (source.table.bucketCount + 63) / 64))
      // The sections taken whole so far are distinct items of the source.
      for section in base.sections where !section.items.isEmpty {
        _ = base.replica?.take(section.buckets)
      }
    }
    guard
      let buckets = base.derivedBuckets(
        ids, from: source.sections[from], in: source, token: base.sections[position].token)
    else {
      if starts { base.replica?.taken = [] }
      return false
    }
    base.replica?.source = source
    base.replica?.count += ids.count
    base.sections[position].items = ChunkedArray(ids)
    base.sections[position].buckets = ChunkedArray(buckets)
    base.sections[position].drift = 0
    base.sections[position].shiftedFrom = Int.max
    storeContents(contents, inSection: position, count: ids.count)
    base.invalidatePrefix(from: position + 1)
    return true
  }

  /// Stores `contents`, when given, as the contents of the `count` items
  /// just put in the empty section at `position`.
  @inlinable
  mutating func storeContents(_ contents: [Int]?, inSection position: Int, count: Int) {
    guard let contents else { return }
    base.sections[position].contents = ChunkedArray(contents)
    base.sections[position].contentKnown = ChunkedArray(repeating: true, count: count)
  }
}

/// The storages `EngineDiffer` compared last on this thread, per storage
/// type, weakly: those a snapshot being built may take sections from.
///
/// Thread-local, so no other thread can be mutating a remembered storage
/// while a build reads it (snapshots are not `Sendable`); weak, so nothing
/// is kept alive. What is remembered never changes a result: a miss is
/// only slower.
@usableFromInline
final class ReplicaRegistry {
  /// The storages remembered per type, most recent first.
  var entries: [ObjectIdentifier: [Entry]] = [:]

  struct Entry {
    weak var object: AnyObject?
  }
}

extension [ReplicaRegistry.Entry] {
  /// Puts `old`, then `new`, first (each once), keeping the `limit` most
  /// recent live entries.
  mutating func remember(_ old: AnyObject, _ new: AnyObject) {
    if let first = first?.object, first === new,
      old === new || (count > 1 && self[1].object === old)
    {
      return
    }
    removeAll { $0.object == nil || $0.object === old || $0.object === new }
    insert(ReplicaRegistry.Entry(object: new), at: 0)
    if old !== new { insert(ReplicaRegistry.Entry(object: old), at: 1) }
    if count > ReplicaRegistry.limit { removeLast(count - ReplicaRegistry.limit) }
  }
}

extension ReplicaRegistry {

  /// How many distinct storages are remembered per type.
  @usableFromInline static var limit: Int { 4 }

  /// This thread's registry.
  static var current: ReplicaRegistry {
    if let pointer = pthread_getspecific(registryKey) {
      return Unmanaged<ReplicaRegistry>.fromOpaque(pointer).takeUnretainedValue()
    }
    let registry = ReplicaRegistry()
    pthread_setspecific(registryKey, Unmanaged.passRetained(registry).toOpaque())
    return registry
  }

  /// Remembers `old` and then `new` as the most recent storages of type
  /// `kind`. The same pair again (a differ called twice on the same
  /// snapshots) changes nothing and allocates nothing.
  @usableFromInline
  static func remember(_ old: AnyObject, _ new: AnyObject, kind: ObjectIdentifier) {
    current.entries[kind, default: []].remember(old, new)
  }

  /// Calls `body` with the live remembered storages of type `kind`, most
  /// recent first, until it returns `true`.
  @usableFromInline
  static func forEachRemembered(kind: ObjectIdentifier, _ body: (AnyObject) -> Bool) {
    guard let list = current.entries[kind] else { return }
    for entry in list {
      if let object = entry.object, body(object) { return }
    }
  }
}

/// The key of each thread's `ReplicaRegistry` (released with the thread).
private let registryKey: pthread_key_t = {
  var key = pthread_key_t()
  // (The destructor on the line that installs it: the catalog's processes
  // run it at no thread's exit, and its line counts as run with the call.)
  #if canImport(Darwin)
    let status = pthread_key_create(&key) { Registered.fromOpaque($0).release() }
  #else
    let status = pthread_key_create(&key) { $0.map { Registered.fromOpaque($0).release() } }
  #endif
  precondition(status == 0, "no thread-local key for the replica registry")
  return key
}()

/// A registry as the thread-local key holds it.
private typealias Registered = Unmanaged<ReplicaRegistry>
