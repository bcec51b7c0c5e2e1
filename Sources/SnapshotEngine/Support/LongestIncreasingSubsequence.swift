/// Marks the elements of one longest strictly increasing subsequence of
/// `sequence` (whose elements are distinct).
///
/// Patience sorting (Mallows 1963; see Aldous & Diaconis, "Longest
/// increasing subsequences: from patience sorting to the
/// Baik–Deift–Johansson theorem", 1999): deal the elements left to right
/// onto piles, each on the leftmost pile whose top is larger, found by
/// binary search; `tails[p]` is the index of the top of pile *p*, which is
/// the smallest possible last element of an increasing subsequence of
/// length *p* + 1 seen so far. Each element remembers the top of the pile to
/// its left when it was dealt, so walking those links back from the top of
/// the last pile yields a longest increasing subsequence. The number of
/// piles is its length.
///
/// An already increasing sequence (the common case of a diff: nothing
/// moved) and a strictly decreasing one (a reversed list) are recognised in
/// one pass first; for the latter the piles would each take one element
/// and the last one dealt, the last element, is the subsequence.
///
/// `sequence` is any random-access collection indexed from 0: an array,
/// or the elements of the differ's `IntList`.
///
/// - Returns: `keep[i]` is true exactly for the elements of the chosen
///   subsequence; `keep.filter { $0 }.count` is the LIS length.
/// - Complexity: O(*m* log *m*), *m* = `sequence.count`; O(*m*) when the
///   sequence is increasing or decreasing.
@inlinable
func longestIncreasingSubsequence<Values: RandomAccessCollection<Int>>(
  _ sequence: Values
) -> [Bool] where Values.Index == Int {
  let count = sequence.count
  var increasing = true
  var decreasing = true
  var index = 1
  while index < count {
    if sequence[index - 1] < sequence[index] { decreasing = false } else { increasing = false }
    if !increasing && !decreasing { break }
    index += 1
  }
  if increasing { return Array(repeating: true, count: count) }
  if decreasing {
    var keep = [Bool](repeating: false, count: count)
    keep[count - 1] = true
    return keep
  }

  var tails: [Int] = []
  tails.reserveCapacity(64)
  var predecessor = [Int](repeating: -1, count: count)
  for current in 0..<count {
    let value = sequence[current]
    if let last = tails.last, sequence[last] < value {
      predecessor[current] = last
      tails.append(current)
      continue
    }
    var low = 0
    var high = tails.count
    while low < high {
      let middle = (low + high) / 2
      if sequence[tails[middle]] < value { low = middle + 1 } else { high = middle }
    }
    predecessor[current] = low > 0 ? tails[low - 1] : -1
    if low == tails.count { tails.append(current) } else { tails[low] = current }
  }
  var keep = [Bool](repeating: false, count: count)
  var cursor = tails.last ?? -1
  while cursor >= 0 {
    keep[cursor] = true
    cursor = predecessor[cursor]
  }
  return keep
}

/// Marks the elements of one heaviest strictly increasing subsequence of
/// `sequence` (whose elements are distinct): the increasing subsequence
/// with the largest sum of `weights`, `weights[i]` (≥ 1) being that of
/// `sequence[i]`.
///
/// The differ passes runs of survivors (an old start per run, its length
/// as the weight): runs cover disjoint ranges of old indices, so an
/// increasing subsequence of the items either takes all of a run or can
/// take all of it, and a heaviest increasing subsequence of the runs keeps
/// as many items as a longest one of the items. With every weight 1 this is
/// `longestIncreasingSubsequence`, which runs instead; an increasing
/// sequence is recognised in one pass. Otherwise each element, in order,
/// extends the heaviest subsequence ending below it, found in a Fenwick
/// tree of prefix maxima over the elements' ranks.
///
/// `ascending` is `ascendingOrder(of: sequence, within:)`: the differ
/// orders its runs once for this and for the gaps between them.
///
/// - Precondition: `weights.count == sequence.count`.
/// - Complexity: O(*m* log *m*), *m* = `sequence.count`; O(*m*) when the
///   sequence is increasing.
@inlinable
func heaviestIncreasingSubsequence<Values: RandomAccessCollection<Int>>(
  _ sequence: Values, weights: Values, ascending: [Int]
) -> [Bool] where Values.Index == Int {
  let count = sequence.count
  guard count > 1, weights.contains(where: { $0 != 1 }) else {
    return longestIncreasingSubsequence(sequence)
  }
  if (1..<count).allSatisfy({ sequence[$0 - 1] < sequence[$0] }) {
    return Array(repeating: true, count: count)
  }
  // rank[i]: the 1-based position of sequence[i] in ascending order.
  var rank = [Int](repeating: 0, count: count)
  for (position, word) in ascending.enumerated() {
    rank[word & orderIndexMask] = position + 1
  }
  // The tree: for rank r, the heaviest total and the element ending it
  // among the ranks r - (r & -r) + 1 ... r, as one word: total << 32 |
  // (element + 1), 0 for none (half the memory of two arrays, and one
  // read per node: the O(log m) node reads per element are this function's
  // cost).
  var tree = [Int](repeating: 0, count: count + 1)
  var predecessor = [Int](repeating: -1, count: count)
  var best = (total: 0, element: -1)
  for element in 0..<count {
    var below = 0
    var node = rank[element] - 1
    while node > 0 {
      if tree[node] >> 32 > below >> 32 { below = tree[node] }
      node &= node - 1
    }
    let total = below >> 32 + weights[element]
    predecessor[element] = (below & orderIndexMask) - 1
    if total > best.total { best = (total, element) }
    let entry = total << 32 | (element + 1)
    node = rank[element]
    while node <= count {
      if tree[node] >> 32 < total { tree[node] = entry }
      node += node & -node
    }
  }
  var keep = [Bool](repeating: false, count: count)
  var cursor = best.element
  while cursor >= 0 {
    keep[cursor] = true
    cursor = predecessor[cursor]
  }
  return keep
}

/// The indices of `keys` (distinct, each in `bounds`) in ascending order
/// of key, each with its key, as the word `keys[i] << 32 | i`: the index of
/// a word is `word & orderIndexMask`, its key `word >> 32`.
///
/// The differ orders a section's runs by old start once, for the gaps
/// between them and the ranks of the heaviest increasing subsequence.
/// Sorting index arrays with a closure that reads the keys through them,
/// once for each, would be two O(*m* log *m*) sorts with an indirect read
/// per comparison.
/// Keys dense in their bounds (at least one per 16 values: a section with
/// edits all along it) are filed by key in an array as long as the bounds
/// and read back in order, O(*w*) for bounds of *w* values; sparse ones (a
/// few edits in a long section) are sorted as plain words, which compare in
/// registers.
/// - Precondition: `bounds` within 0..<2^31, fewer than 2^31 keys.
/// - Complexity: O(*w* + *m*), *m* = `keys.count`, when *w* ≤ 16*m*; else
///   O(*m* log *m*), O(*m*) when the keys ascend.
@inlinable
func ascendingOrder<Keys: RandomAccessCollection<Int>>(
  of keys: Keys, within bounds: Range<Int>
) -> [Int] where Keys.Index == Int {
  let count = keys.count
  guard bounds.count > count * 16 else {
    // Each index + 1 filed at its key's place (0: no key there).
    var filed = [UInt32](repeating: 0, count: bounds.count)
    for (index, key) in keys.enumerated() {
      filed[key - bounds.lowerBound] = UInt32(truncatingIfNeeded: index + 1)
    }
    // Read back without a branch per place (where filed and empty places
    // mix, such a branch is often mispredicted): every place writes a
    // word, and only a filed one keeps it.
    return [Int](unsafeUninitializedCapacity: count + 1) { words, initialized in
      var next = 0
      for (offset, entry) in filed.enumerated() {
        words[next] = (bounds.lowerBound + offset) << 32 | (Int(entry) &- 1)
        next &+= entry != 0 ? 1 : 0
      }
      initialized = next
    }
  }
  var words = [Int](unsafeUninitializedCapacity: count) { buffer, initialized in
    for (index, key) in keys.enumerated() {
      buffer.initializeElement(at: index, to: key << 32 | index)
    }
    initialized = count
  }
  words.sort()
  return words
}

/// The index half of a word of `ascendingOrder(of:within:)`.
@inlinable var orderIndexMask: Int { 0xFFFF_FFFF }
