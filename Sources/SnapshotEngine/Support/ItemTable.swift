/// Where an item sits: the token of its section and its index in that
/// section, 32 bits each.
@usableFromInline
struct ItemLocation: Equatable {
  /// The section's token; -1 for an id being claimed into a position not
  /// known yet (then `index` is its offset in the claimed ids).
  @usableFromInline var token: Int32
  /// The index within the section.
  @usableFromInline var index: Int32

  @inlinable init(token: Int32, index: Int) {
    self.token = token
    self.index = Int32(truncatingIfNeeded: index)
  }

}

/// An open-addressing hash index from an item to its location that stores
/// no keys: a bucket holds a one-byte control (a 7-bit tag of the hash,
/// empty or deleted) and an 8-byte `ItemLocation`, and the caller decides
/// whether a bucket holds the id looked for by reading the id at that
/// location in its own arrays. With at most 7/8 of the buckets used the
/// table costs 9–10.3 bytes per item right after `reserve`, against 16
/// bytes and more per bucket for a `Dictionary` of the id.
///
/// Buckets come in groups of eight, stored together as nine 64-bit words
/// (the eight control bytes, then the eight locations), so a lookup
/// usually touches one or two adjacent cache lines. A probe starts at the
/// group given by the high part of hash × group count (any count works),
/// reads the group's control word, finds the tag matches and empty bytes
/// with word arithmetic (the portable group probe of Swiss tables), and
/// goes on to the next group, wrapping around, only when the group has no
/// empty byte. So removing an item from a group that has an empty byte
/// leaves an empty bucket; otherwise a deleted marker (a later probe may
/// have passed the group). Buckets never move except when the owner builds
/// a new table, so an owner may remember an item's bucket.
///
/// The groups are stored in pages, each a copy-on-write buffer of its
/// own. A table is built as one page; `splitIntoPages` cuts it into pages
/// of about √*g* of its *g* groups (a power of two), which a copy of the
/// table shares and a write copies one at a time. So a snapshot derived
/// from another by *k* edits copies O(*k*) pages of O(√*n*) words and the
/// page list, not the whole table (`EngineSnapshot` cuts a shared
/// storage's table before copying it, as it cuts the sections' columns).
/// Every access finds a group's page with a shift and a mask, the same
/// code for one page or many.
///
/// The table knows no ids: hashing, comparing and rebuilding are the
/// owner's (`EngineSnapshot.Storage`).
@usableFromInline
struct ItemTable {
  /// A page: its words, tail-allocated (the header is their number).
  @usableFromInline typealias Page = ManagedBuffer<Int, UInt64>

  @usableFromInline static var empty: UInt8 { 0xFF }
  @usableFromInline static var deleted: UInt8 { 0x80 }
  @usableFromInline static var lows: UInt64 { 0x0101_0101_0101_0101 }
  @usableFromInline static var highs: UInt64 { 0x8080_8080_8080_8080 }
  /// The words of a group: the control word, then eight locations.
  @usableFromInline static var stride: Int { 9 }

  /// The page shift of a table of one page: every group is in page 0.
  @usableFromInline static var wholeShift: Int { Int.bitWidth - 2 }

  /// The groups, nine words each, in pages of `1 << pageShift` groups (the
  /// last may hold fewer).
  @usableFromInline var pages: [Page]
  /// The base-2 logarithm of the groups a page holds.
  @usableFromInline var pageShift: Int
  /// The groups.
  @usableFromInline var groupCount: Int
  /// The used buckets.
  @usableFromInline var count: Int
  /// The buckets marked deleted.
  @usableFromInline var tombstones: Int

  /// An empty table with no buckets.
  @inlinable init() {
    pages = []
    pageShift = Self.wholeShift
    groupCount = 0
    count = 0
    tombstones = 0
  }

  /// An empty table with room for `capacity` items, in one page.
  @inlinable init(capacity: Int) {
    let groups = capacity > 0 ? Self.groupCount(forCapacity: capacity) : 0
    // Owners keep bucket numbers in 32 bits.
    precondition(groups < Int(Int32.max) / 8, "a table holds fewer than 2^31 buckets")
    // A table without groups (built for no items) has no page.
    pages = groups > 0 ? [Self.emptyPage(groups: groups)] : []
    pageShift = Self.wholeShift
    groupCount = groups
    count = 0
    tombstones = 0
  }

  @inlinable var bucketCount: Int { groupCount * 8 }

  /// A page of `groups` groups, every bucket empty.
  @inlinable static func emptyPage(groups: Int) -> Page {
    let page = makePage(words: groups * stride)
    page.withUnsafeMutablePointerToElements { words in
      words.initialize(repeating: 0, count: groups * stride)
      for group in 0..<groups { words[group * stride] = UInt64.max }
    }
    return page
  }

  /// A page for `words` words, not initialised.
  @inlinable static func makePage(words: Int) -> Page {
    Page.create(minimumCapacity: words) { _ in words }
  }

  /// A copy of `page`.
  /// - Complexity: O(*w*) word copies, *w* its words.
  @inlinable @inline(never) static func copy(_ page: Page) -> Page {
    let words = page.header
    let copy = makePage(words: words)
    copy.withUnsafeMutablePointerToElements { target in
      page.withUnsafeMutablePointerToElements { source in
        target.initialize(from: source, count: words)
      }
    }
    return copy
  }

  /// The mask of a group's place within its page.
  @inlinable var pageMask: Int { (1 &<< pageShift) &- 1 }

  /// The page shift `splitIntoPages` gives a table of `groups` groups:
  /// pages of about √`groups` groups, a power of two, at least 16.
  @inlinable static func pageShift(forGroups groups: Int) -> Int {
    Swift.max(4, (Int.bitWidth - groups.leadingZeroBitCount) / 2)
  }

  /// Whether the table is one page that `splitIntoPages` would cut.
  @inlinable var isLongWhole: Bool {
    pages.count == 1 && groupCount > 1 << Self.pageShift(forGroups: groupCount)
  }

  /// Cuts a table of one page into pages of `1 << pageShift(forGroups:)`
  /// groups; a table already in pages, or too small to cut, is left as it
  /// is. Nothing observable changes, so this may run on a table that
  /// other snapshots share (their copies keep the page they hold).
  /// - Complexity: O(*g*) when it cuts (once per table built), else O(1).
  @inlinable mutating func splitIntoPages() {
    guard isLongWhole else { return }
    let whole = pages[0]
    let shift = Self.pageShift(forGroups: groupCount)
    let length = (1 << shift) * Self.stride
    let total = groupCount * Self.stride
    var cut: [Page] = []
    cut.reserveCapacity((total + length - 1) / length)
    whole.withUnsafeMutablePointerToElements { source in
      var start = 0
      while start < total {
        let words = Swift.min(length, total - start)
        let page = Self.makePage(words: words)
        page.withUnsafeMutablePointerToElements {
          $0.initialize(from: source + start, count: words)
        }
        cut.append(page)
        start += words
      }
    }
    pages = cut
    pageShift = shift
  }

  /// The nine words of `group`, for reading. The pointer is valid while
  /// the table is not written.
  @inlinable @inline(__always)
  func group(_ group: Int) -> UnsafeMutablePointer<UInt64> {
    pages[group &>> pageShift].withUnsafeMutablePointerToElements { $0 }
      + (group & pageMask) &* Self.stride
  }

  /// The nine words of `group`, for writing: its page is copied first when
  /// another table shares it. The pointer is valid until the next write.
  @inlinable @inline(__always)
  mutating func writableGroup(_ group: Int) -> UnsafeMutablePointer<UInt64> {
    let page = group &>> pageShift
    if !isKnownUniquelyReferenced(&pages[page]) { pages[page] = Self.copy(pages[page]) }
    return self.group(group)
  }
  /// The nine words of `group`, for writing: unchecked when `pagesUnique`
  /// (`preparePages(forWrites:)` said so and the table was not copied
  /// since), else as `writableGroup`.
  @inlinable @inline(__always)
  mutating func group(_ group: Int, writing pagesUnique: Bool) -> UnsafeMutablePointer<UInt64> {
    pagesUnique ? self.group(group) : checkedGroup(group)
  }

  /// `writableGroup` out of line. Callers take this path only for fewer
  /// writes than the table has pages; inlined, its uniqueness check and
  /// page copy would sit in the build's claim loop, run once per id,
  /// whether taken or not.
  @inlinable @inline(never)
  mutating func checkedGroup(_ group: Int) -> UnsafeMutablePointer<UInt64> {
    writableGroup(group)
  }

  /// The used and deleted buckets a table of `groups` groups may hold: 7
  /// per group, so some group always has an empty byte.
  @inlinable static func maxLoad(groups: Int) -> Int { groups * 7 }

  /// The fewest groups that hold `capacity` items.
  @inlinable static func groupCount(forCapacity capacity: Int) -> Int {
    (capacity + 6) / 7
  }

  /// Whether `extra` more items fit without building a new table.
  @inlinable func fits(_ extra: Int) -> Bool {
    count + tombstones + extra <= Self.maxLoad(groups: groupCount)
  }

  /// The capacity a new table for `extra` more items should have: grown by
  /// half when the items would fill most of this one (and never with less
  /// than `roomyCapacity` of them), else the same size (a table clogged
  /// with deleted markers is rebuilt clean).
  @inlinable func grownCapacity(for extra: Int) -> Int {
    let needed = count + extra
    let current = Self.maxLoad(groups: groupCount)
    return needed > current * 3 / 4
      ? Swift.max(Self.roomyCapacity(needed), current + current / 2) : current
  }

  /// The capacity a table is built with for `count` items: 1/32 more room.
  /// A snapshot derived from one with this table by a few inserts and
  /// deletes (`var next = snapshot; next.insertItems…`, an app's usual next
  /// update) then fits them. In a table filled to its last bucket, an
  /// insert after a delete that left a deleted marker builds the copy's
  /// table anew, O(*n*) hashes for an O(1) edit, in some processes and not
  /// others (whether a delete leaves a marker depends on the process's
  /// hash seed).
  @inlinable static func roomyCapacity(_ count: Int) -> Int { count + count / 32 }

  /// The tag of a hash: its low seven bits.
  @inlinable static func tag(of hash: Int) -> UInt8 { UInt8(truncatingIfNeeded: hash) & 0x7F }

  /// The group a probe for `hash` starts at.
  @inlinable func startGroup(of hash: Int) -> Int {
    Int(
      truncatingIfNeeded: UInt64(UInt(bitPattern: hash))
        .multipliedFullWidth(by: UInt64(groupCount)).high)
  }

  /// The high bit of each byte of `word` that is zero (and possibly of
  /// bytes above a zero byte, which callers check).
  @inlinable static func zeroBytes(_ word: UInt64) -> UInt64 {
    (word &- lows) & ~word & highs
  }

  /// The high bit of each empty byte of `control`.
  @inlinable static func emptyBytes(_ control: UInt64) -> UInt64 {
    control & (control << 1) & highs
  }

  /// A location as a word.
  @inlinable @inline(__always) static func word(_ location: ItemLocation) -> UInt64 {
    UInt64(UInt32(bitPattern: location.token))
      | UInt64(UInt32(bitPattern: location.index)) << 32
  }

  /// The location in a word.
  @inlinable @inline(__always) static func location(_ word: UInt64) -> ItemLocation {
    var location = ItemLocation(token: 0, index: 0)
    location.token = Int32(bitPattern: UInt32(truncatingIfNeeded: word))
    location.index = Int32(bitPattern: UInt32(truncatingIfNeeded: word >> 32))
    return location
  }

  /// The location held by the used `bucket`.
  @inlinable @inline(__always) func location(at bucket: Int) -> ItemLocation {
    Self.location(group(bucket >> 3)[1 + bucket & 7])
  }

  /// Sets the location held by the used `bucket`.
  /// With `pagesUnique` (the caller made every page unique,
  /// `makePagesUnique`, and has not copied the table since) the page is not
  /// checked.
  @inlinable @inline(__always) mutating func setLocation(
    _ location: ItemLocation, at bucket: Int, pagesUnique: Bool
  ) {
    group(bucket >> 3, writing: pagesUnique)[1 + bucket & 7] = Self.word(location)
  }

  /// Writes `(token, first + i)` into bucket `buckets[i]` for every `i`
  /// (the buckets of a section's items from index `first` on). With
  /// `pagesUnique` (the caller made every page unique, `makePagesUnique`,
  /// and has not copied the table since) no write checks its page; else
  /// each does.
  /// - Complexity: O(*s*) writes, *s* the buckets.
  @inlinable
  mutating func relocate(
    _ buckets: UnsafeBufferPointer<Int32>, from first: Int, token: Int32, pagesUnique: Bool
  ) {
    if pagesUnique {
      // `group(_:)` inlined by hand, reading the page list through one
      // buffer: `group(_:writing:)` per write would read the list through
      // the array and test `pagesUnique` on each of the O(s) writes.
      let (shift, mask) = (pageShift, pageMask)
      pages.withUnsafeBufferPointer { pages in
        for (offset, bucket) in buckets.enumerated() {
          let group = Int(bucket) &>> 3
          let words = pages[group &>> shift].withUnsafeMutablePointerToElements { $0 }
          words[(group & mask) &* Self.stride &+ 1 &+ Int(bucket) & 7] = Self.word(
            ItemLocation(token: token, index: first + offset))
        }
      }
      return
    }
    for (offset, bucket) in buckets.enumerated() {
      let bucket = Int(bucket)
      writableGroup(bucket >> 3)[1 + bucket & 7] = Self.word(
        ItemLocation(token: token, index: first + offset))
    }
  }

  /// Copies every page another table shares.
  /// - Complexity: O(*p*) checks, *p* the pages, plus the copies.
  @inlinable mutating func makePagesUnique() {
    for page in pages.indices where !isKnownUniquelyReferenced(&pages[page]) {
      pages[page] = Self.copy(pages[page])
    }
  }

  /// Prepares for `writes` writes in random order: when they are at least
  /// as many as the pages, every page is made unique now and the result,
  /// `true`, lets them skip their check (`pagesUnique`); fewer writes
  /// check their own page.
  @inlinable mutating func preparePages(forWrites writes: Int) -> Bool {
    guard writes >= pages.count else { return false }
    makePagesUnique()
    return true
  }

  /// The control byte of `bucket`.
  @inlinable @inline(__always) func control(at bucket: Int) -> UInt8 {
    UInt8(truncatingIfNeeded: group(bucket >> 3)[0] >> (8 * (bucket & 7)))
  }

  /// Sets the control byte of `bucket`.
  @inlinable @inline(__always) mutating func setControl(_ bucket: Int, _ value: UInt8) {
    let shift = UInt64(8 * (bucket & 7))
    let words = writableGroup(bucket >> 3)
    words[0] = words[0] & ~(0xFF << shift) | UInt64(value) << shift
  }

  /// The used bucket for `hash` whose location `matches` accepts (given
  /// the location and the bucket), or `nil`. `firstControl`, when given,
  /// is the start group's control word, read before (`startControl(of:)`).
  /// - Complexity: expected O(1).
  @inlinable
  func find(
    hash: Int, firstControl: UInt64? = nil, where matches: (ItemLocation, Int) -> Bool
  ) -> Int? {
    guard count > 0 else { return nil }
    let probe = self.probe(
      hash: hash, findingFree: false, firstControl: firstControl, where: matches)
    return probe.found ? probe.bucket : nil
  }

  /// The used bucket for `hash` whose location `matches` accepts, or else
  /// a free (empty or deleted) bucket where `hash` may be put.
  /// - Precondition: the table has buckets.
  /// - Complexity: expected O(1).
  @inlinable
  func findOrFree(
    hash: Int, firstControl: UInt64? = nil, where matches: (ItemLocation, Int) -> Bool
  ) -> (bucket: Int, found: Bool) {
    probe(hash: hash, findingFree: true, firstControl: firstControl, where: matches)
  }

  /// The control word of the group a probe for `hash` starts at. Reading it
  /// for a run of ids before probing for them lets the processor fetch
  /// their groups from memory at the same time (the reads do not wait on
  /// each other); `findOrFree` then takes the word read, if its group has
  /// not been written since, as `firstControl`.
  @inlinable func startControl(of hash: Int) -> UInt64 {
    group(startGroup(of: hash))[0]
  }

  /// The probe of `find` and `findOrFree`: group after group from the
  /// start group of `hash`, the tag matches of each offered to `matches`,
  /// until a match or a group with an empty byte; with `findingFree`, the
  /// first free bucket seen is the answer when nothing matches (else -1).
  /// `firstControl`, when given, is the start group's control word.
  ///
  /// Always inlined: its callers' `matches` closures then compile into the
  /// loop (otherwise, once a caller grows past the inliner's limit, every
  /// lookup pays a call with the closure's context).
  @inlinable @inline(__always)
  func probe(
    hash: Int, findingFree: Bool, firstControl: UInt64? = nil,
    where matches: (ItemLocation, Int) -> Bool
  ) -> (bucket: Int, found: Bool) {
    let groups = groupCount
    let pattern = UInt64(Self.tag(of: hash)) &* Self.lows
    var group = startGroup(of: hash)
    var free = -1
    var given = firstControl
    while true {
      let words = self.group(group)
      let control = given ?? words[0]
      given = nil
      var hits = Self.zeroBytes(control ^ pattern)
      while hits != 0 {
        let slot = hits.trailingZeroBitCount >> 3
        let bucket = group << 3 + slot
        if matches(Self.location(words[1 + slot]), bucket) { return (bucket, true) }
        hits &= hits &- 1
      }
      if findingFree && free < 0 {
        let frees = control & Self.highs
        if frees != 0 { free = group << 3 + frees.trailingZeroBitCount >> 3 }
      }
      if Self.emptyBytes(control) != 0 { return (free, false) }
      group += 1
      if group == groups { group = 0 }
    }
  }

  /// A free bucket for `hash`, for an id known to be absent.
  /// - Complexity: expected O(1).
  @inlinable
  func freeBucket(hash: Int) -> Int {
    let groups = groupCount
    var group = startGroup(of: hash)
    while true {
      let frees = self.group(group)[0] & Self.highs
      if frees != 0 { return group << 3 + frees.trailingZeroBitCount >> 3 }
      group += 1
      if group == groups { group = 0 }
    }
  }

  /// Puts `location` with the tag of `hash` into the free `bucket`; with
  /// `pagesUnique` as in `setLocation`.
  /// - Returns: the bucket's control byte before (empty or deleted), for
  ///   `restore`.
  ///
  /// Always inlined: left to the inliner it becomes a call per id in the
  /// build's claim loop.
  @inlinable @inline(__always)
  @discardableResult
  mutating func occupy(
    _ bucket: Int, hash: Int, location: ItemLocation, pagesUnique: Bool
  ) -> UInt8 {
    let shift = UInt64(8 * (bucket & 7))
    let words = group(bucket >> 3, writing: pagesUnique)
    let control = words[0]
    words[0] = control & ~(0xFF << shift) | UInt64(Self.tag(of: hash)) << shift
    words[1 + bucket & 7] = Self.word(location)
    let previous = UInt8(truncatingIfNeeded: control >> shift)
    if previous == Self.deleted { tombstones -= 1 }
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

  /// Frees the used `bucket`: empty when its group has an empty byte (no
  /// probe went past the group), deleted otherwise.
  /// - Complexity: O(1).
  @inlinable
  mutating func vacate(_ bucket: Int) {
    count -= 1
    if Self.emptyBytes(group(bucket >> 3)[0]) != 0 {
      setControl(bucket, Self.empty)
    } else {
      setControl(bucket, Self.deleted)
      tombstones += 1
    }
  }

  /// Whether `bucket` holds an item.
  @inlinable func isUsed(_ bucket: Int) -> Bool { control(at: bucket) < 0x80 }
}

extension ItemTable {
  // coverage: only broken code (invariant failures)
  /// Bookkeeping problems, as readable sentences, for a table that should
  /// hold `items` items: counts that disagree with the control bytes, a
  /// control byte that is neither a tag, empty nor deleted, or no empty
  /// bucket left.
  @usableFromInline
  func accountingViolations(items: Int) -> [String] {
    var problems: [String] = []
    let words = pages.reduce(0) { $0 + $1.header }
    if words != groupCount * Self.stride {
      return ["the table has \(words) words for \(groupCount) groups"]
    }
    // Pages of `1 << pageShift` groups, the last possibly shorter.
    let perPage = pages.count > 1 ? (1 << pageShift) * Self.stride : words
    if pages.contains(where: { $0.header == 0 || $0.header > perPage })
      || pages.dropLast().contains(where: { $0.header != perPage })
    {
      return ["the table's \(pages.count) pages are not of \(perPage / Self.stride) groups each"]
    }
    let controls = (0..<bucketCount).map { control(at: $0) }
    let used = controls.count { $0 < 0x80 }
    let deleted = controls.count { $0 == Self.deleted }
    if used != count || count != items {
      problems.append("the table counts \(count) items, holds \(used), sections \(items)")
    }
    if deleted != tombstones {
      problems.append("the table counts \(tombstones) deleted buckets, holds \(deleted)")
    }
    if controls.contains(where: { $0 >= 0x80 && $0 != Self.deleted && $0 != Self.empty }) {
      problems.append("the table has a control byte that is no tag, empty or deleted")
    }
    if bucketCount > 0 && used + deleted > Self.maxLoad(groups: groupCount) {
      problems.append("the table is over its load: \(used + deleted) of \(bucketCount)")
    }
    return problems
  }
}
