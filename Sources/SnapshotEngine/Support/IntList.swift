/// A growable list of `Int`s in memory of its own, for a loop that appends
/// once or twice per item (the diff walk's runs in a reversed or shuffled
/// section). An `Array`'s append first checks that its buffer is not
/// shared, a runtime call each time: O(1), but paid per item of such a
/// section. A list is never shared (it cannot be copied), so its append
/// only checks its capacity.
@usableFromInline
struct IntList: ~Copyable {
  @usableFromInline var base: UnsafeMutablePointer<Int>
  @usableFromInline var count: Int
  @usableFromInline var capacity: Int

  /// An empty list with room for a few elements.
  @inlinable init() {
    capacity = 16
    base = .allocate(capacity: capacity)
    count = 0
  }

  @inlinable deinit { base.deallocate() }

  /// The elements, valid until the list next changes.
  @inlinable var elements: UnsafeBufferPointer<Int> {
    UnsafeBufferPointer(start: base, count: count)
  }

  /// Appends `value`, doubling the room when full.
  /// - Complexity: amortised O(1).
  @inlinable @inline(__always) mutating func append(_ value: Int) {
    if count == capacity { grow(to: 2 * capacity) }
    base[count] = value
    count += 1
  }

  /// Appends `value` `repetitions` times.
  /// - Complexity: O(`repetitions`), amortised.
  @inlinable mutating func append(repeating value: Int, count repetitions: Int) {
    reserve(count + repetitions)
    (base + count).initialize(repeating: value, count: repetitions)
    count += repetitions
  }

  /// Makes room for `total` elements in all.
  @inlinable mutating func reserve(_ total: Int) {
    if total > capacity { grow(to: total) }
  }

  /// Empties the list, keeping its room.
  @inlinable mutating func removeAll() { count = 0 }

  /// Moves the elements to room for `total`.
  @inlinable @inline(never) mutating func grow(to total: Int) {
    let moved = UnsafeMutablePointer<Int>.allocate(capacity: total)
    moved.moveInitialize(from: base, count: count)
    base.deallocate()
    base = moved
    capacity = total
  }
}
