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

    @inlinable init() {
      source = nil
      count = 0
      reserved = 0
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
    if let source = replica.source, isExactReplica(of: source) {
      table = source.table
      prefix = source.prefix
      prefixValid = source.prefixValid
    } else if replica.count > 0 {
      rebuildTable(capacity: ItemTable.roomyCapacity(Swift.max(replica.count, replica.reserved)))
    }
    reserveTable(total: replica.reserved)
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
  /// remembered section's are not read). Returns `false` (nothing changed)
  /// when it does not apply; the caller then takes the usual path, which
  /// builds the table first.
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
    guard base.sections[position].items.isEmpty,
      let (source, from) = Storage.replicaSection(
        of: ids, id: base.sections[position].id, source: base.replica?.source)
    else { return false }
    makeUnique()
    let taken = source.sections[from]
    base.replica?.source = source
    base.replica?.count += ids.count
    base.sections[position].items = taken.items
    base.sections[position].buckets = taken.buckets
    base.sections[position].drift = taken.drift
    base.sections[position].shiftedFrom = taken.shiftedFrom
    if let contents {
      base.sections[position].contents = ChunkedArray(contents)
      base.sections[position].contentKnown = ChunkedArray(repeating: true, count: ids.count)
    }
    base.invalidatePrefix(from: position + 1)
    return true
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
