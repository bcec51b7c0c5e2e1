/// A tiny open-addressing hash set of `Int`s with one planted bug, for
/// `planted.table`: like the engine's item table, its bucket layout follows
/// Swift's `Hasher`, so whether the bug shows depends on the process's hash
/// seed unless hashing is deterministic (`SWIFT_DETERMINISTIC_HASHING=1`,
/// which the fuzz command sets for itself and its workers).
///
/// The bug: `remove` empties the bucket instead of leaving a deleted
/// marker, which cuts the probe chain of every id that collided with the
/// removed one and was placed after it.
struct PlantedTable {
  /// A bucket: never used, holding an id, or (never, because of the bug)
  /// deleted.
  enum Bucket: Equatable {
    case empty
    case full(Int)
  }

  var buckets: [Bucket]

  /// An empty table of `capacity` buckets (a power of two).
  init(capacity: Int = 16) {
    buckets = Array(repeating: .empty, count: capacity)
  }

  /// The bucket `value` hashes to.
  func home(_ value: Int) -> Int {
    var hasher = Hasher()
    hasher.combine(value)
    return hasher.finalize() & (buckets.count - 1)
  }

  /// Inserts `value` unless present (the table never fills in use).
  mutating func insert(_ value: Int) {
    guard !contains(value) else { return }
    var index = home(value)
    while buckets[index] != .empty { index = (index + 1) & (buckets.count - 1) }
    buckets[index] = .full(value)
  }

  /// Whether `value` is present: probes from its home until an empty bucket.
  func contains(_ value: Int) -> Bool {
    var index = home(value)
    for _ in buckets.indices {
      switch buckets[index] {
      case .empty: return false
      case .full(let other) where other == value: return true
      case .full: index = (index + 1) & (buckets.count - 1)
      }
    }
    return false
  }

  /// Removes `value` — wrongly, by emptying its bucket (the planted bug).
  mutating func remove(_ value: Int) {
    var index = home(value)
    for _ in buckets.indices {
      switch buckets[index] {
      case .empty: return
      case .full(let other) where other == value:
        buckets[index] = .empty
        return
      case .full: index = (index + 1) & (buckets.count - 1)
      }
    }
  }

  /// The ids of `list` that the table misses after inserting every id of
  /// `list` and removing those at even positions: empty for a correct
  /// table.
  static func lost(_ list: [Int]) -> [Int] {
    var table = PlantedTable()
    for value in list { table.insert(value) }
    let removed = list.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
    for value in removed { table.remove(value) }
    return list.filter { !removed.contains($0) && !table.contains($0) }
  }
}
