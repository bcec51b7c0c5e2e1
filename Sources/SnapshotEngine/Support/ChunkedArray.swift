/// An array stored as a list of chunks, so that a copy shares every chunk
/// and an edit of the copy copies only the chunk it writes (plus the list
/// of chunk references), where a plain array copies all its elements on
/// the first write (and retains each reference-counted one).
///
/// Chunks are cut to about √*n* elements (`chunkSize(for:)`), so a copy of
/// an array of *n* elements shares about √*n* chunks and an edit of the
/// copy copies one chunk and the chunk list: a snapshot derived from
/// another by *k* edits (`var next = shown; next.insertItems…`, the usual
/// app update) costs O(*k* · √*n*) for a section of *n* items, not
/// O(*n*); and `EngineDiffer` skips, without comparing, the chunks the two
/// sides share at the same offset.
///
/// Layout: `chunks`, none empty, and `ends[c]`, the number of elements in
/// chunks `0...c`. A whole taken from one array (`init(_:)`) is one chunk
/// of any length, sharing that array's buffer (building a section costs no
/// copy). The first edit of a whole longer than `maxChunk(for:)` its
/// length cuts it into chunks (`splitLongChunk`, O(*n*) once), and
/// `EngineSnapshot` cuts a shared storage's long wholes before it copies
/// the storage for an edit, so every later copy shares the chunks. A chunk
/// that grows past `maxChunk(for:)` the array's length is cut anew, and
/// one that shrinks below `minChunk(for:)` is merged with a neighbour.
/// Chunk lengths only bound costs: no result depends on them.
///
/// Reads are O(1) for a whole of one chunk and O(log *c*) otherwise, *c*
/// the chunks (a binary search of `ends`).
@usableFromInline
struct ChunkedArray<Element> {
  /// The chunks, in order, none empty.
  @usableFromInline var chunks: [[Element]]
  /// `ends[c]`: the number of elements in chunks `0...c`.
  @usableFromInline var ends: [Int]

  /// The length chunks of an array of `count` elements are cut to: about
  /// √`count` (so the chunk list and each chunk stay short: about 316
  /// chunks of 316 at 100k, 1,000 of 1,000 at 1M), and at least 16; from
  /// 512 elements on, a quarter of the array up to 256 when that is
  /// longer (4 chunks up to 1,024 elements, chunks of 256 up to 65,536).
  ///
  /// Copying a chunk of 256 costs little more than copying the chunk list,
  /// while every chunk costs each edit and read in place (the `ends` an
  /// edit shifts, O(*c*), and a read searches, O(log *c*)): in a section
  /// of 512 to 65,536 items, fewer and longer chunks make single-item
  /// edits cheaper and a derived copy no dearer. Below 512 the chunks
  /// stay short, so that the property catalog's bulk sections (40 to 500
  /// items) reach every path of a chunked array.
  @inlinable static func chunkSize(for count: Int) -> Int {
    let root = Swift.max(16, Int(Double(count).squareRoot()))
    return count < 512 ? root : Swift.max(root, Swift.min(count / 4, 256))
  }

  /// The longest a chunk of an array of `count` elements grows before it
  /// is cut anew (a whole of one chunk excepted): twice `chunkSize`.
  @inlinable static func maxChunk(for count: Int) -> Int { 2 * chunkSize(for: count) }

  /// A chunk of an array of `count` elements shorter than this after a
  /// removal is merged with a neighbour when the two fit in `chunkSize`.
  @inlinable static func minChunk(for count: Int) -> Int { chunkSize(for: count) / 4 }

  /// An empty array.
  @inlinable init() {
    chunks = []
    ends = []
  }

  /// The elements of `array`, as one chunk sharing its buffer.
  /// - Complexity: O(1).
  @inlinable init(_ array: [Element]) {
    chunks = array.isEmpty ? [] : [array]
    ends = array.isEmpty ? [] : [array.count]
  }

  /// `count` copies of `element`, as one chunk.
  /// - Complexity: O(*n*).
  @inlinable init(repeating element: Element, count: Int) {
    self.init([Element](repeating: element, count: count))
  }

  @inlinable var count: Int { ends.last ?? 0 }
  @inlinable var isEmpty: Bool { chunks.isEmpty }

  /// The elements as one array: O(1) for a whole of one chunk (its
  /// buffer), else O(*n*).
  @inlinable var array: [Element] {
    if chunks.count == 1 { return chunks[0] }
    var all: [Element] = []
    all.reserveCapacity(count)
    for chunk in chunks { all.append(contentsOf: chunk) }
    return all
  }

  /// The index of the first element of chunk `chunk`.
  @inlinable func start(of chunk: Int) -> Int { chunk == 0 ? 0 : ends[chunk - 1] }

  /// The chunk holding `index` (`chunks.count` when `index == count`).
  /// - Complexity: O(log *c*), *c* the chunks.
  @inlinable func chunk(containing index: Int) -> Int {
    var (low, high) = (0, ends.count)
    while low < high {
      let middle = (low + high) >> 1
      if ends[middle] > index { high = middle } else { low = middle + 1 }
    }
    return low
  }

  /// The element at `index`.
  /// - Complexity: O(1) for a whole of one chunk, else
  ///   O(log *c*), *c* the chunks.
  @inlinable subscript(index: Int) -> Element {
    @inline(__always) get {
      if chunks.count == 1 { return chunks[0][index] }
      return element(at: index)
    }
    set {
      precondition(index >= 0 && index < count, "index out of range")
      splitLongChunk()
      let chunk = chunk(containing: index)
      chunks[chunk][index - start(of: chunk)] = newValue
    }
  }

  /// Whether the element at `index` equals `value`, compared where it is
  /// stored (not copied out).
  /// - Complexity: as the subscript, plus one comparison.
  @inlinable @inline(__always)
  func element(at index: Int, equals value: Element) -> Bool where Element: Equatable {
    precondition(index >= 0 && index < count, "index out of range")
    return chunks.withUnsafeBufferPointer { chunks in
      if chunks.count == 1 {
        return chunks[0].withUnsafeBufferPointer { $0[index] == value }
      }
      let chunk = chunk(containing: index)
      return chunks[chunk].withUnsafeBufferPointer { $0[index - start(of: chunk)] == value }
    }
  }

  /// The element at `index` of an array of several chunks (or none).
  @inlinable @inline(never) func element(at index: Int) -> Element {
    precondition(index >= 0 && index < count, "index out of range")
    let chunk = chunk(containing: index)
    return chunks[chunk][index - start(of: chunk)]
  }

  /// Reads elements by index, holding the array's chunk when it has only
  /// one (an array built whole): each read is then one array read, where
  /// the subscript first reads the chunk list. A walk reading an element
  /// or two per step makes one. Comparing in place copies no element (for
  /// `String` ids a copy is a retain and a release, O(1) but paid for
  /// every item walked); hashing in place still copies it, as `hashValue`
  /// is a call the compiler cannot see into.
  @usableFromInline
  struct Reader {
    @usableFromInline let array: ChunkedArray
    /// The only chunk, or empty.
    @usableFromInline let whole: [Element]
    @usableFromInline let isWhole: Bool

    @inlinable init(_ array: ChunkedArray) {
      self.array = array
      isWhole = array.chunks.count == 1
      whole = isWhole ? array.chunks[0] : []
    }

    /// The element at `index`.
    /// - Complexity: as the array's subscript.
    @inlinable subscript(index: Int) -> Element {
      @inline(__always) get { isWhole ? whole[index] : array.element(at: index) }
    }

    /// Whether the element at `index` equals `value`, compared in place.
    @inlinable @inline(__always)
    func element(at index: Int, equals value: Element) -> Bool where Element: Equatable {
      guard isWhole else { return array.element(at: index, equals: value) }
      return whole.withUnsafeBufferPointer { $0[index] == value }
    }

    /// The hash value of the element at `index`, read from the chunk held
    /// (the element is still copied for the call).
    @inlinable @inline(__always)
    func hashValue(at index: Int) -> Int where Element: Hashable {
      guard isWhole else { return array.element(at: index).hashValue }
      return whole.withUnsafeBufferPointer { $0[index].hashValue }
    }
  }

  /// A reader of the elements (`Reader`).
  @inlinable var reader: Reader { Reader(self) }

  /// Whether `self` and `other` are the same chunk list (or both empty):
  /// then they are equal without a comparison.
  /// - Complexity: O(1).
  @inlinable func sharesStorage(with other: Self) -> Bool {
    chunks.withUnsafeBufferPointer { mine in
      other.chunks.withUnsafeBufferPointer { theirs in
        mine.count == theirs.count && (mine.isEmpty || mine.baseAddress == theirs.baseAddress)
      }
    }
  }

  /// Whether `self` and `other` hold the same chunks, in order (the same
  /// chunk list, or lists of the same buffers: two wholes taken from one
  /// array): then they are equal without a comparison.
  /// - Complexity: O(*c*), *c* the chunks; O(1) for one chunk list.
  @inlinable func sharesChunks(with other: Self) -> Bool {
    sharesStorage(with: other)
      || (chunks.count == other.chunks.count
        && chunks.indices.allSatisfy { Self.sameBuffer(chunks[$0], other.chunks[$0]) })
  }

  /// Whether two arrays are the same buffer (or both empty).
  @inlinable static func sameBuffer(_ a: [Element], _ b: [Element]) -> Bool {
    a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in
        a.count == b.count && (a.isEmpty || a.baseAddress == b.baseAddress)
      }
    }
  }

  // MARK: Edits

  /// Whether the array is one chunk longer than `maxChunk(for:)` its
  /// length (a whole taken from one array), which its first edit cuts
  /// into chunks.
  @inlinable var isLongWhole: Bool { chunks.count == 1 && ends[0] > Self.maxChunk(for: ends[0]) }

  /// Cuts a whole of one chunk longer than `maxChunk(for:)` its length into
  /// chunks of `chunkSize(for:)`; every other array is left as it is.
  /// - Complexity: O(*n*) when it cuts (once per such whole), else O(1).
  @inlinable mutating func splitLongChunk() {
    guard isLongWhole else { return }
    let whole = chunks[0]
    chunks = []
    ends = []
    appendPieces(whole[...])
  }

  /// Appends `elements` as new chunks of `chunkSize(for:)` their count
  /// (the last shorter).
  @inlinable mutating func appendPieces(_ elements: ArraySlice<Element>) {
    var start = elements.startIndex
    var total = count
    let size = Self.chunkSize(for: elements.count)
    chunks.reserveCapacity(chunks.count + elements.count / size + 1)
    ends.reserveCapacity(chunks.capacity)
    while start < elements.endIndex {
      let end = Swift.min(start + size, elements.endIndex)
      chunks.append(Array(elements[start..<end]))
      total += end - start
      ends.append(total)
      start = end
    }
  }

  /// Recomputes `ends` from chunk `chunk` on.
  /// - Complexity: O(*c*), *c* the chunks from `chunk` on.
  @inlinable mutating func recount(from chunk: Int) {
    ends.removeLast(ends.count - Swift.min(chunk, ends.count))
    var total = chunk == 0 ? 0 : ends[chunk - 1]
    for index in chunk..<chunks.count {
      total += chunks[index].count
      ends.append(total)
    }
  }

  /// Adds `delta` to the ends of the chunks from `chunk` on.
  @inlinable mutating func shiftEnds(from chunk: Int, by delta: Int) {
    ends.withUnsafeMutableBufferPointer { ends in
      for index in chunk..<ends.count { ends[index] += delta }
    }
  }

  /// Inserts `elements` at `index` (`count` appends them: they go into the
  /// last chunk, cut anew when it grows too long).
  /// - Precondition: the array is not empty (`EngineSnapshot` builds an
  ///   empty section's columns with `init(_:)`, sharing the given array).
  /// - Complexity: O(*k* + √*n* + *c*), *k* the elements, *c* the chunks
  ///   (O(*n*) once when it splits a long whole).
  @inlinable mutating func insert(contentsOf elements: [Element], at index: Int) {
    precondition(!isEmpty && index >= 0 && index <= count, "index out of range")
    guard !elements.isEmpty else { return }
    splitLongChunk()
    // The chunk the elements go into: the one holding `index`, or the
    // last when they are appended.
    let chunk = Swift.min(chunk(containing: index), chunks.count - 1)
    let local = index - start(of: chunk)
    let total = count + elements.count
    if chunks[chunk].count + elements.count <= Self.maxChunk(for: total) {
      chunks[chunk].insert(contentsOf: elements, at: local)
      shiftEnds(from: chunk, by: elements.count)
      return
    }
    // Too many for the chunk: its two halves around `local` and the new
    // elements between them, cut anew into chunks of `chunkSize(for:)`.
    let old = chunks[chunk]
    var merged: [Element] = []
    merged.reserveCapacity(old.count + elements.count)
    merged.append(contentsOf: old[..<local])
    merged.append(contentsOf: elements)
    merged.append(contentsOf: old[local...])
    var pieces: [[Element]] = []
    var start = 0
    let size = Self.chunkSize(for: total)
    while start < merged.count {
      let end = Swift.min(start + size, merged.count)
      pieces.append(Array(merged[start..<end]))
      start = end
    }
    chunks.replaceSubrange(chunk...chunk, with: pieces)
    recount(from: chunk)
  }

  /// Removes the element at `index` (`remove(sortedIndices:)` of it).
  /// - Complexity: O(√*n* + *c*), *c* the chunks (O(*n*) once when it
  ///   splits a long whole).
  @inlinable @discardableResult mutating func remove(at index: Int) -> Element {
    precondition(index >= 0 && index < count, "index out of range")
    let removed = self[index]
    remove(sortedIndices: [index])
    return removed
  }

  /// Removes the elements at the ascending `indices`: each chunk touched
  /// is compacted, emptied chunks are dropped, and a chunk left shorter
  /// than `minChunk(for:)` is merged with the next when the two fit in
  /// `chunkSize(for:)`.
  /// - Complexity: O(*k* + *t* · √*n* + *c*), *t* the chunks touched, *c*
  ///   the chunks.
  @inlinable mutating func remove(sortedIndices indices: [Int]) {
    guard let first = indices.first, let last = indices.last else { return }
    precondition(first >= 0 && last < count, "index out of range")
    splitLongChunk()
    let firstChunk = chunk(containing: first)
    if indices.count == 1
      && chunks[firstChunk].count > Swift.max(1, Self.minChunk(for: count - 1))
    {
      // One element from a chunk left long enough not to merge: removed
      // in place, O(√n) (a single-item delete or move; the general way
      // builds an index list and walks every later chunk to merge).
      chunks[firstChunk].remove(at: first - start(of: firstChunk))
      shiftEnds(from: firstChunk, by: -1)
      return
    }
    var next = 0
    var chunk = firstChunk
    while next < indices.count {
      let (low, high) = (start(of: chunk), ends[chunk])
      var end = next
      while end < indices.count && indices[end] < high { end += 1 }
      if end > next {
        let local = indices[next..<end].map { $0 - low }
        if local.count == high - low {
          chunks[chunk] = []
        } else {
          Self.compact(&chunks[chunk], removing: local)
        }
      }
      next = end
      chunk += 1
    }
    // Drop the emptied chunks, merge short neighbours, recount.
    let (short, size) = (Self.minChunk(for: count), Self.chunkSize(for: count))
    var write = firstChunk
    for read in firstChunk..<chunks.count where !chunks[read].isEmpty {
      if write > firstChunk, chunks[write - 1].count < short || chunks[read].count < short,
        chunks[write - 1].count + chunks[read].count <= size
      {
        chunks[write - 1].append(contentsOf: chunks[read])
        continue
      }
      if write != read { chunks.swapAt(write, read) }
      write += 1
    }
    chunks.removeLast(chunks.count - write)
    recount(from: firstChunk)
  }

  /// Moves the element at `source` to `target` (an index of the array
  /// without it), shifting the elements between.
  /// - Complexity: O(|*target* − *source*|) within one chunk, else
  ///   O(√*n* + *c*), *c* the chunks.
  @inlinable mutating func move(from source: Int, to target: Int) {
    guard source != target else { return }
    splitLongChunk()
    let chunk = chunk(containing: source)
    let (low, high) = (start(of: chunk), ends[chunk])
    if target >= low && target < high {
      Self.shift(&chunks[chunk], from: source - low, to: target - low)
      return
    }
    let moving = remove(at: source)
    insert(contentsOf: [moving], at: target)
  }

  /// Moves `array[source]` to `target`, shifting the elements between.
  ///
  /// The elements are moved as memory (one overlapping move), not assigned
  /// one by one: with reference-counted ids (`String`) an assignment per
  /// element retains and releases each, where a move touches no count.
  /// - Complexity: O(|*target* − *source*|).
  @inlinable
  static func shift(_ array: inout [Element], from source: Int, to target: Int) {
    guard source != target else { return }
    precondition(array.indices.contains(source) && array.indices.contains(target))
    array.withUnsafeMutableBufferPointer { buffer in
      let base = buffer.baseAddress!
      let moving = (base + source).move()
      if source < target {
        (base + source).moveInitialize(from: base + source + 1, count: target - source)
      } else {
        (base + target + 1).moveInitialize(from: base + target, count: source - target)
      }
      (base + target).initialize(to: moving)
    }
  }

  /// Removes the elements at the ascending `indices` of `array` in one pass.
  @inlinable
  static func compact(_ array: inout [Element], removing indices: [Int]) {
    guard let first = indices.first else { return }
    array.withUnsafeMutableBufferPointer { buffer in
      var write = first
      var next = 0
      for read in first..<buffer.count {
        if next < indices.count && indices[next] == read {
          next += 1
          continue
        }
        buffer.swapAt(write, read)
        write += 1
      }
    }
    array.removeLast(indices.count)
  }

  // MARK: Walks

  /// Calls `body` with the elements of `range`, chunk by chunk, as buffers
  /// (each part of one chunk), in order, until it returns `false`.
  @inlinable
  func forEachSpan(
    in range: Range<Int>, _ body: (UnsafeBufferPointer<Element>, _ start: Int) -> Bool
  ) {
    guard !range.isEmpty else { return }
    var chunk = chunk(containing: range.lowerBound)
    var index = range.lowerBound
    while index < range.upperBound {
      let low = start(of: chunk)
      let end = Swift.min(ends[chunk], range.upperBound)
      let goOn = chunks[chunk].withUnsafeBufferPointer { buffer in
        body(UnsafeBufferPointer(rebasing: buffer[(index - low)..<(end - low)]), index)
      }
      guard goOn else { return }
      index = end
      chunk += 1
    }
  }

  /// The number of pairs equal from `a[aStart]` and `b[bStart]` on, up to
  /// `limit` pairs, going forward; `equalPrefix(x, y)` counts the equal
  /// leading pairs of two buffers of the same length. Parts where both
  /// sides are the same chunk at the same offset are equal without a
  /// comparison (a copy shares its unedited chunks).
  /// - Complexity: O(*c* + *e*), *c* the chunks passed and *e* the
  ///   elements compared.
  @inlinable
  static func commonRun(
    _ a: Self, from aStart: Int, _ b: Self, from bStart: Int, limit: Int,
    equalPrefix: (UnsafeBufferPointer<Element>, UnsafeBufferPointer<Element>) -> Int
  ) -> Int {
    guard limit > 0 else { return 0 }
    var (ai, bi) = (aStart, bStart)
    var (ac, bc) = (a.chunk(containing: ai), b.chunk(containing: bi))
    var done = 0
    while done < limit {
      let (aLow, bLow) = (a.start(of: ac), b.start(of: bc))
      let span = Swift.min(a.ends[ac] - ai, b.ends[bc] - bi, limit - done)
      let same = ai - aLow == bi - bLow && sameBuffer(a.chunks[ac], b.chunks[bc])
      if !same {
        let equal = a.chunks[ac].withUnsafeBufferPointer { aBuffer in
          b.chunks[bc].withUnsafeBufferPointer { bBuffer in
            equalPrefix(
              UnsafeBufferPointer(rebasing: aBuffer[(ai - aLow)..<(ai - aLow + span)]),
              UnsafeBufferPointer(rebasing: bBuffer[(bi - bLow)..<(bi - bLow + span)]))
          }
        }
        if equal < span { return done + equal }
      }
      done += span
      ai += span
      bi += span
      if ai == a.ends[ac] { ac += 1 }
      if bi == b.ends[bc] { bc += 1 }
    }
    return done
  }

  /// The number of pairs equal going backward from `a[aEnd - 1]` and
  /// `b[bEnd - 1]`, up to `limit` pairs; `equalSuffix(x, y)` counts the
  /// equal trailing pairs of two buffers of the same length. Shared chunks
  /// at the same offset are skipped as in `commonRun`.
  /// - Complexity: O(*c* + *e*), *c* the chunks passed and *e* the
  ///   elements compared.
  @inlinable
  static func commonRunBackward(
    _ a: Self, to aEnd: Int, _ b: Self, to bEnd: Int, limit: Int,
    equalSuffix: (UnsafeBufferPointer<Element>, UnsafeBufferPointer<Element>) -> Int
  ) -> Int {
    guard limit > 0 else { return 0 }
    // `ai`, `bi`: the index past the next pair compared.
    var (ai, bi) = (aEnd, bEnd)
    var (ac, bc) = (a.chunk(containing: ai - 1), b.chunk(containing: bi - 1))
    var done = 0
    while done < limit {
      let (aLow, bLow) = (a.start(of: ac), b.start(of: bc))
      let span = Swift.min(ai - aLow, bi - bLow, limit - done)
      let same =
        ai - aLow == bi - bLow && a.ends[ac] - ai == b.ends[bc] - bi
        && sameBuffer(a.chunks[ac], b.chunks[bc])
      if !same {
        let equal = a.chunks[ac].withUnsafeBufferPointer { aBuffer in
          b.chunks[bc].withUnsafeBufferPointer { bBuffer in
            equalSuffix(
              UnsafeBufferPointer(rebasing: aBuffer[(ai - aLow - span)..<(ai - aLow)]),
              UnsafeBufferPointer(rebasing: bBuffer[(bi - bLow - span)..<(bi - bLow)]))
          }
        }
        if equal < span { return done + equal }
      }
      done += span
      ai -= span
      bi -= span
      if ai == aLow { ac -= 1 }
      if bi == bLow { bc -= 1 }
    }
    return done
  }
}

extension ChunkedArray: Sequence {
  /// Walks the chunks in order.
  @usableFromInline
  struct Iterator: IteratorProtocol {
    @usableFromInline var chunks: IndexingIterator<[[Element]]>
    @usableFromInline var current: IndexingIterator<[Element]>

    @inlinable init(_ chunks: [[Element]]) {
      self.chunks = chunks.makeIterator()
      self.current = [Element]().makeIterator()
    }

    @inlinable mutating func next() -> Element? {
      while true {
        if let element = current.next() { return element }
        guard let chunk = chunks.next() else { return nil }
        current = chunk.makeIterator()
      }
    }
  }

  @inlinable func makeIterator() -> Iterator { Iterator(chunks) }
  @inlinable var underestimatedCount: Int { count }
}

extension ChunkedArray: Equatable where Element: Equatable {
  /// Whether the elements equal `array`'s, in order: compared chunk by
  /// chunk in place (`commonPrefix`, four plain pairs per step) rather
  /// than through `Array.==`, one pair at a time (a snapshot rebuilt
  /// unchanged from arrays runs this once per section per update).
  /// - Complexity: O(*n*) comparisons; O(1) for a whole of one chunk
  ///   sharing `array`'s buffer.
  @inlinable func elementsEqual(_ array: [Element]) -> Bool {
    guard count == array.count else { return false }
    if chunks.count == 1 && Self.sameBuffer(chunks[0], array) { return true }
    return array.withUnsafeBufferPointer { commonPrefix(with: $0, limit: count) } == count
  }

  /// The number of leading elements equal to `rows`' pair by pair, up to
  /// `limit` (at most both counts), compared chunk by chunk in place
  /// (`equalPrefix`, four plain pairs per step).
  /// - Complexity: O(*p* + *c*) comparisons, *p* the result and *c* the
  ///   chunks passed.
  @inlinable
  func commonPrefix(with rows: UnsafeBufferPointer<Element>, limit: Int) -> Int {
    var prefix = 0
    forEachSpan(in: 0..<limit) { span, start in
      let equal = Self.equalPrefix(
        span, UnsafeBufferPointer(rebasing: rows[start..<(start + span.count)]))
      prefix += equal
      return equal == span.count
    }
    return prefix
  }

  /// The lengths of the common prefix of the elements and `array`, and of
  /// the common suffix of what is left, compared chunk by chunk in place
  /// (no array of the elements is built: a retain per `String` id).
  /// - Complexity: O(*p* + *s* + *c*) comparisons, *p* and *s* the
  ///   results and *c* the chunks passed.
  @inlinable
  func commonEnds(with array: [Element]) -> (prefix: Int, suffix: Int) {
    let limit = Swift.min(count, array.count)
    return array.withUnsafeBufferPointer { rows in
      let prefix = commonPrefix(with: rows, limit: limit)
      var suffix = 0
      var (chunk, end) = (chunks.count - 1, count)
      while suffix < limit - prefix {
        let low = start(of: chunk)
        let span = Swift.min(end - low, limit - prefix - suffix)
        let equal = chunks[chunk].withUnsafeBufferPointer { buffer in
          Self.equalSuffix(
            UnsafeBufferPointer(rebasing: buffer[(end - low - span)..<(end - low)]),
            UnsafeBufferPointer(
              rebasing: rows[(rows.count - suffix - span)..<(rows.count - suffix)]))
        }
        suffix += equal
        guard equal == span else { break }
        end -= span
        if end == low { chunk -= 1 }
      }
      return (prefix, suffix)
    }
  }

  /// `commonRun(_:from:_:from:limit:equalPrefix:)` comparing with `==`.
  @inlinable
  static func commonRun(_ a: Self, from aStart: Int, _ b: Self, from bStart: Int, limit: Int)
    -> Int
  {
    commonRun(a, from: aStart, b, from: bStart, limit: limit) { equalPrefix($0, $1) }
  }

  /// `commonRunBackward(_:to:_:to:limit:equalSuffix:)` comparing with `==`.
  @inlinable
  static func commonRunBackward(_ a: Self, to aEnd: Int, _ b: Self, to bEnd: Int, limit: Int)
    -> Int
  {
    commonRunBackward(a, to: aEnd, b, to: bEnd, limit: limit) { equalSuffix($0, $1) }
  }

  /// The number of equal leading pairs of two buffers of the same length.
  ///
  /// Plain ids (`_isPOD`: `Int`, tuples of numbers) are compared four
  /// pairs per step, all four before any branch (so without a branch
  /// each), then the rest one by one; at most three pairs past the first
  /// difference are compared. Other ids (`String`, whose comparison is a
  /// call) are compared one pair at a time.
  /// - Complexity: O(*r*) comparisons, *r* the result.
  @inlinable
  static func equalPrefix(
    _ old: UnsafeBufferPointer<Element>, _ new: UnsafeBufferPointer<Element>
  ) -> Int {
    let limit = Swift.min(old.count, new.count)
    var length = 0
    while _isPOD(Element.self) && length + 4 <= limit {
      let (first, second) = (old[length] == new[length], old[length + 1] == new[length + 1])
      let (third, fourth) = (old[length + 2] == new[length + 2], old[length + 3] == new[length + 3])
      guard first, second, third, fourth else { break }
      length += 4
    }
    while length < limit && old[length] == new[length] { length += 1 }
    return length
  }

  /// The number of equal trailing pairs of two buffers of the same length.
  /// - Complexity: O(*r*) comparisons, *r* the result.
  @inlinable
  static func equalSuffix(
    _ old: UnsafeBufferPointer<Element>, _ new: UnsafeBufferPointer<Element>
  ) -> Int {
    let limit = Swift.min(old.count, new.count)
    var length = 0
    while length < limit && old[old.count - 1 - length] == new[new.count - 1 - length] {
      length += 1
    }
    return length
  }

  /// Whether the two hold equal elements, in order.
  /// - Complexity: O(*n*) comparisons; O(*c*) for chunks shared.
  @inlinable static func == (lhs: Self, rhs: Self) -> Bool {
    guard lhs.count == rhs.count else { return false }
    if lhs.sharesStorage(with: rhs) { return true }
    return commonRun(lhs, from: 0, rhs, from: 0, limit: lhs.count) == lhs.count
  }
}
