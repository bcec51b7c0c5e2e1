import SnapshotCore

/// A place in a content map's entries, in the map's order, for
/// `EngineDiffer.changedEntries(from:to:)`: the key and value there, and
/// whether it shares its key with another cursor's place.
@usableFromInline
protocol ContentCursor<Key> {
  associatedtype Key: Hashable
  /// Whether every entry has been passed.
  var isAtEnd: Bool { get }
  /// The key here (not at the end).
  var key: Key { get }
  /// The value here (not at the end).
  var value: Int { get }
  /// Whether the key here is `other`'s key there (neither at the end).
  func sharesKey(with other: Self) -> Bool
  /// Moves to the next entry (not at the end).
  mutating func advance()
}

/// A cursor holding a copy of the current entry, from the map's iterator:
/// the fastest walk for keys of a trivial type.
@usableFromInline
struct IteratorCursor<Key: Hashable>: ContentCursor {
  @usableFromInline var entries: ContentMap<Key>.Iterator
  @usableFromInline var current: (key: Key, value: Int)?

  @inlinable
  init(_ map: ContentMap<Key>) {
    entries = map.makeIterator()
    current = entries.next()
  }

  @inlinable var isAtEnd: Bool { current == nil }

  @inlinable var key: Key {
    guard let current else {
      // coverage: only broken code (read at the end)
      preconditionFailure("a content cursor read at the end")
    }
    return current.key
  }

  @inlinable var value: Int { current?.value ?? 0 }
  @inlinable func sharesKey(with other: Self) -> Bool {
    guard let current, let theirs = other.current else { return false }
    return current.key == theirs.key
  }
  @inlinable mutating func advance() { current = entries.next() }
}

/// A cursor holding an index of the map and reading the entry in place,
/// copying no key: the walk for keys that are references or hold them
/// (a `String` id), which an iterator would retain and release.
@usableFromInline
struct IndexCursor<Key: Hashable>: ContentCursor {
  @usableFromInline let map: ContentMap<Key>
  @usableFromInline var index: ContentMap<Key>.Index

  @inlinable
  init(_ map: ContentMap<Key>) {
    self.map = map
    index = map.startIndex
  }

  @inlinable var isAtEnd: Bool { index == map.endIndex }
  @inlinable var key: Key { map.keys[index] }
  @inlinable var value: Int { map.values[index] }
  @inlinable func sharesKey(with other: Self) -> Bool {
    map.keys[index] == other.map.keys[other.index]
  }
  @inlinable mutating func advance() { index = map.index(after: index) }
}
