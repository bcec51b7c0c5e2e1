import SnapshotCore

/// The optimized full snapshot: the API and behaviour of `ModelSnapshot`
/// (semantics part A), with a hash index that stores no ids, lazily
/// maintained global positions and copy-on-write storage.
///
/// Membership, the owning section, the index within it and a section's
/// position are O(1) hash lookups. `indexOfItem` adds the cached number of
/// items before the section, refreshed lazily for the sections after the
/// first one whose count changed since the last query (see `Storage`).
///
/// Every throwing operation validates in the model's order before it
/// changes anything, so a thrown error leaves the snapshot as it was. Marks
/// are ordered sets in first-mark order; an id's marks are dropped when it
/// is deleted (also through its section), and `deleteAllItems()` clears
/// them. `==` ignores marks.
///
/// **Rebuilt from arrays.** `EngineDiffer` (and so `EngineDataSource.apply`)
/// remembers, per thread and weakly, the last few snapshots it compared. A
/// snapshot built from nothing (`reserveCapacity`, `appendSections`,
/// `appendItems(_:toSection:)` or `appendItems(_:contents:toSection:)`)
/// that appends to an empty section exactly the items of the section with
/// the same id in one of them costs one comparison of the two arrays (none
/// when the array is the same) and hashes nothing (contents are stored as
/// given); its lookup table is built when first needed: taken
/// copy-on-write in O(sections) when every section matched the same
/// remembered snapshot in its order, else one hash per item. Diffing it
/// against that snapshot then sees shared arrays and returns at once (with
/// stored contents, after one comparison of the two content arrays): an
/// unchanged rebuild of 100k items costs about one array comparison. An
/// append that differs takes the usual path (one hash per id) after the
/// comparison, which stops at the first difference. Nothing observable
/// depends on what is remembered.
public struct EngineSnapshot<SectionIdentifier: Hashable, ItemIdentifier: Hashable>:
  SnapshotProtocol
{
  /// The storage as it is, its table possibly not built yet (only the
  /// build path, `EngineSnapshot+Replica.swift`, reads it so).
  @usableFromInline var base: Storage

  /// The storage with its table built: every access but the build path's
  /// goes through here, so none sees a table still waiting to be built.
  /// (Get-only: the storage is a class, so its fields are mutated
  /// through it; replacing or uniquing it goes through `base`.)
  @inlinable var storage: Storage {
    if base.replica != nil { base.materialize() }
    return base
  }

  /// Creates an empty snapshot: no sections, no items, no marks.
  /// - Complexity: O(1).
  @inlinable
  public init() { base = Storage() }

  /// Gives this value its own storage before a mutation.
  ///
  /// The shared storage's sections first have their long wholes cut into
  /// chunks (same values, other representation; `ChunkedArray`), so that
  /// this copy and every later copy of that storage share the chunks and an
  /// edit copies the ones it writes: the first copy pays O(*n*) once, the
  /// next ones O(√*n*) per section of *n* items (its chunk lists). The item
  /// table is cut into pages the same way (`ItemTable.splitIntoPages`), and
  /// a copy's write copies the page it writes.
  ///
  /// Every mutation calls it, so it also counts the storage's version and
  /// drops its lineage (`Storage.keptBuckets(from:)`).
  @inlinable
  mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&base) {
      base.splitLongChunks()
      base = Storage(copying: base)
    }
    base.version &+= 1
    base.lineage = nil
  }

  /// Two snapshots are equal when their sections, and the items of every
  /// section, match in order; marks are ignored (spec decision A.1).
  /// - Complexity: O(*n*) in the worst case; O(1) for copies sharing storage.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    if lhs.storage === rhs.storage { return true }
    let left = lhs.storage.sections
    let right = rhs.storage.sections
    guard left.count == right.count,
      lhs.storage.itemCount == rhs.storage.itemCount
    else { return false }
    for (a, b) in zip(left, right) where a.id != b.id || a.items != b.items {
      return false
    }
    return true
  }
}

extension EngineSnapshot: CustomStringConvertible {
  // coverage: only broken code (failure text)
  /// The sections and their items, e.g. `[A: [a, b], B: []]`.
  public var description: String {
    let body = storage.sections.map { section in
      "\(section.id): [" + section.items.map { "\($0)" }.joined(separator: ", ") + "]"
    }
    return "[" + body.joined(separator: ", ") + "]"
  }
}
