/// Where an item sits: the token of its section and its index in that
/// section, 32 bits each.
@usableFromInline
struct ItemLocation: Equatable {
  /// The section's token; negative for an id being claimed (then `index`
  /// is its offset in the claimed ids).
  @usableFromInline var token: Int32
  /// The index within the section.
  @usableFromInline var index: Int32

  @inlinable init(token: Int32, index: Int) {
    self.token = token
    self.index = Int32(truncatingIfNeeded: index)
  }

  /// The location of the id at `offset` of ids being claimed.
  @inlinable static func pending(_ offset: Int) -> ItemLocation {
    ItemLocation(token: -1, index: offset)
  }

  @inlinable var isPending: Bool { token < 0 }
}

/// An open-addressing hash index from an item to its location that stores
/// no keys: a bucket holds a one-byte control (a 7-bit tag of the hash,
/// empty or deleted) and an 8-byte `ItemLocation`, and the caller decides
/// whether a bucket holds the id looked for by reading the id at that
/// location in its own arrays. With at most 7/8 of the buckets used and any
/// bucket count (the start bucket is the high part of hash × count), the
/// table costs 9–10.3 bytes per item right after `reserve`, against 16 bytes
/// and more per bucket for a `Dictionary` of the id.
///
/// Probing reads eight control bytes at a time as one 64-bit word and finds
/// the tag matches and empty bytes with word arithmetic (the portable group
/// probe of Swiss tables); groups follow each other linearly, wrapping
/// around, and the first eight control bytes are mirrored after the last so
/// a group never needs two reads. A lookup stops at the first group with an
/// empty byte. Removal leaves a deleted marker unless no run of eight
/// used buckets passes through the bucket (then no probe ever went past it
/// and it becomes empty). Buckets never move except when the owner builds
/// a new table, so an owner may remember an item's bucket.
///
/// The table knows no ids: hashing, comparing and rebuilding are the
/// owner's (`EngineSnapshot.Storage`).
@usableFromInline
struct ItemTable {
  @usableFromInline static var empty: UInt8 { 0xFF }
  @usableFromInline static var deleted: UInt8 { 0x80 }
  @usableFromInline static var lows: UInt64 { 0x0101_0101_0101_0101 }
  @usableFromInline static var highs: UInt64 { 0x8080_8080_8080_8080 }

  /// One control byte per bucket, then the first eight mirrored.
  @usableFromInline var control: [UInt8]
  /// The location held by each used bucket.
  @usableFromInline var locations: [ItemLocation]
  /// The used buckets.
  @usableFromInline var count: Int
  /// The buckets marked deleted.
  @usableFromInline var tombstones: Int

  /// An empty table with no buckets.
  @inlinable init() {
    control = []
    locations = []
    count = 0
    tombstones = 0
  }

  /// An empty table with room for `capacity` items.
  @inlinable init(capacity: Int) {
    let buckets = capacity > 0 ? Self.bucketCount(forCapacity: capacity) : 0
    control = [UInt8](repeating: Self.empty, count: buckets > 0 ? buckets + 8 : 0)
    locations = [ItemLocation](
      repeating: ItemLocation(token: 0, index: 0), count: buckets)
    count = 0
    tombstones = 0
  }

  @inlinable var bucketCount: Int { locations.count }

  /// The used and deleted buckets a table of `buckets` buckets may hold:
  /// 7/8 of them, always leaving an empty one.
  @inlinable static func maxLoad(_ buckets: Int) -> Int { buckets - buckets / 8 }

  /// The fewest buckets (at least 8) that hold `capacity` items.
  @inlinable static func bucketCount(forCapacity capacity: Int) -> Int {
    var buckets = Swift.max(8, capacity + capacity / 7)
    while maxLoad(buckets) < capacity { buckets += 1 }
    return buckets
  }

  /// Whether `extra` more items fit without building a new table.
  @inlinable func fits(_ extra: Int) -> Bool {
    count + tombstones + extra <= Self.maxLoad(bucketCount)
  }

  /// The capacity a new table for `extra` more items should have: grown by
  /// half when the items would fill most of this one, else the same size
  /// (a table clogged with deleted markers is rebuilt clean).
  @inlinable func grownCapacity(for extra: Int) -> Int {
    let needed = count + extra
    let current = Self.maxLoad(bucketCount)
    return needed > current * 3 / 4 ? Swift.max(needed, current + current / 2) : current
  }

  /// The tag of a hash: its low seven bits.
  @inlinable static func tag(of hash: Int) -> UInt8 { UInt8(truncatingIfNeeded: hash) & 0x7F }

  /// The bucket a probe for `hash` starts at.
  @inlinable func start(of hash: Int) -> Int {
    Int(
      truncatingIfNeeded: UInt64(UInt(bitPattern: hash))
        .multipliedFullWidth(by: UInt64(bucketCount)).high)
  }

  /// The high bit of each byte of `word` that is zero (and possibly of
  /// bytes above a zero byte, which callers check).
  @inlinable static func zeroBytes(_ word: UInt64) -> UInt64 {
    (word &- lows) & ~word & highs
  }

  /// The high bit of each empty byte of `group`.
  @inlinable static func emptyBytes(_ group: UInt64) -> UInt64 {
    group & (group << 1) & highs
  }

  /// The eight control bytes from `position` on.
  @inlinable static func group(_ bytes: UnsafeRawBufferPointer, at position: Int) -> UInt64 {
    UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self))
  }

  /// The used bucket for `hash` whose location `matches` accepts, or `nil`.
  /// - Complexity: expected O(1).
  @inlinable
  func find(hash: Int, where matches: (ItemLocation) -> Bool) -> Int? {
    guard count > 0 else { return nil }
    let buckets = bucketCount
    let pattern = UInt64(Self.tag(of: hash)) &* Self.lows
    var position = start(of: hash)
    return control.withUnsafeBytes { bytes in
      locations.withUnsafeBufferPointer { locations in
        while true {
          let group = Self.group(bytes, at: position)
          var hits = Self.zeroBytes(group ^ pattern)
          while hits != 0 {
            var bucket = position + hits.trailingZeroBitCount >> 3
            if bucket >= buckets { bucket -= buckets }
            if matches(locations[bucket]) { return bucket }
            hits &= hits &- 1
          }
          if Self.emptyBytes(group) != 0 { return nil }
          position += 8
          if position >= buckets { position -= buckets }
        }
      }
    }
  }

  /// The used bucket for `hash` whose location `matches` accepts, or else
  /// a free (empty or deleted) bucket where `hash` may be put.
  /// - Precondition: the table has buckets.
  /// - Complexity: expected O(1).
  @inlinable
  func findOrFree(hash: Int, where matches: (ItemLocation) -> Bool) -> (
    bucket: Int, found: Bool
  ) {
    let buckets = bucketCount
    let pattern = UInt64(Self.tag(of: hash)) &* Self.lows
    var position = start(of: hash)
    var free = -1
    return control.withUnsafeBytes { bytes in
      locations.withUnsafeBufferPointer { locations in
        while true {
          let group = Self.group(bytes, at: position)
          var hits = Self.zeroBytes(group ^ pattern)
          while hits != 0 {
            var bucket = position + hits.trailingZeroBitCount >> 3
            if bucket >= buckets { bucket -= buckets }
            if matches(locations[bucket]) { return (bucket, true) }
            hits &= hits &- 1
          }
          if free < 0 {
            let frees = group & Self.highs
            if frees != 0 {
              free = position + frees.trailingZeroBitCount >> 3
              if free >= buckets { free -= buckets }
            }
          }
          if Self.emptyBytes(group) != 0 { return (free, false) }
          position += 8
          if position >= buckets { position -= buckets }
        }
      }
    }
  }

  /// A free bucket for `hash`, for an id known to be absent.
  /// - Complexity: expected O(1).
  @inlinable
  func freeBucket(hash: Int) -> Int {
    let buckets = bucketCount
    var position = start(of: hash)
    return control.withUnsafeBytes { bytes in
      while true {
        let frees = Self.group(bytes, at: position) & Self.highs
        if frees != 0 {
          let bucket = position + frees.trailingZeroBitCount >> 3
          return bucket >= buckets ? bucket - buckets : bucket
        }
        position += 8
        if position >= buckets { position -= buckets }
      }
    }
  }

  /// Sets the control byte of `bucket` and its mirror.
  @inlinable
  mutating func setControl(_ bucket: Int, _ value: UInt8) {
    control[bucket] = value
    if bucket < 8 { control[bucketCount + bucket] = value }
  }

  /// Puts `location` with the tag of `hash` into the free `bucket`.
  /// - Returns: the bucket's control byte before (empty or deleted), for
  ///   `restore`.
  @inlinable
  @discardableResult
  mutating func occupy(_ bucket: Int, hash: Int, location: ItemLocation) -> UInt8 {
    let previous = control[bucket]
    if previous == Self.deleted { tombstones -= 1 }
    setControl(bucket, Self.tag(of: hash))
    locations[bucket] = location
    count += 1
    return previous
  }

  /// Undoes the latest `occupy` of `bucket`: gives it back its control byte
  /// `previous`. Undoing the occupations of a run newest first leaves the
  /// table exactly as before the run.
  @inlinable
  mutating func restore(_ bucket: Int, to previous: UInt8) {
    if previous == Self.deleted { tombstones += 1 }
    setControl(bucket, previous)
    count -= 1
  }

  /// Frees the used `bucket`: empty when no run of eight used or deleted
  /// buckets passes through it, deleted otherwise.
  /// - Complexity: O(1): at most fourteen control bytes read.
  @inlinable
  mutating func vacate(_ bucket: Int) {
    let buckets = bucketCount
    var run = 1
    var before = bucket
    while run < 8 {
      before = before == 0 ? buckets - 1 : before - 1
      if control[before] == Self.empty { break }
      run += 1
    }
    var after = bucket
    while run < 8 {
      after = after + 1 == buckets ? 0 : after + 1
      if control[after] == Self.empty { break }
      run += 1
    }
    count -= 1
    if run < 8 {
      setControl(bucket, Self.empty)
    } else {
      setControl(bucket, Self.deleted)
      tombstones += 1
    }
  }

  /// Whether `bucket` holds an item.
  @inlinable func isUsed(_ bucket: Int) -> Bool { control[bucket] < 0x80 }
}

extension ItemTable {
  // coverage: only broken code (invariant failures)
  /// Bookkeeping problems, as readable sentences, for a table that should
  /// hold `items` items: counts that disagree with the control bytes, a
  /// mirrored byte out of step, or no empty bucket left.
  func accountingViolations(items: Int) -> [String] {
    guard !control.isEmpty || count != 0 || tombstones != 0 else { return [] }
    var problems: [String] = []
    if control.count != bucketCount + 8 || bucketCount < 8 {
      return ["the table has \(control.count) control bytes for \(bucketCount) buckets"]
    }
    let used = control[0..<bucketCount].count { $0 < 0x80 }
    let deleted = control[0..<bucketCount].count { $0 == Self.deleted }
    if used != count || count != items {
      problems.append("the table counts \(count) items, holds \(used), sections \(items)")
    }
    if deleted != tombstones {
      problems.append("the table counts \(tombstones) deleted buckets, holds \(deleted)")
    }
    if control[bucketCount...] != control[0..<8] {
      problems.append("the table's mirrored control bytes are out of step")
    }
    if used + deleted > Self.maxLoad(bucketCount) {
      problems.append("the table is over its load: \(used + deleted) of \(bucketCount)")
    }
    return problems
  }
}
