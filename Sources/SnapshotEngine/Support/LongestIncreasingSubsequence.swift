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
/// - Returns: `keep[i]` is true exactly for the elements of the chosen
///   subsequence; `keep.filter { $0 }.count` is the LIS length.
/// - Complexity: O(*m* log *m*), *m* = `sequence.count`; O(*m*) when the
///   sequence is increasing or decreasing.
@inlinable
func longestIncreasingSubsequence(_ sequence: [Int]) -> [Bool] {
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
  sequence.withUnsafeBufferPointer { values in
    for current in 0..<count {
      let value = values[current]
      if let last = tails.last, values[last] < value {
        predecessor[current] = last
        tails.append(current)
        continue
      }
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
      }
      predecessor[current] = low > 0 ? tails[low - 1] : -1
      if low == tails.count { tails.append(current) } else { tails[low] = current }
    }
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
/// - Precondition: `weights.count == sequence.count`.
/// - Complexity: O(*m* log *m*), *m* = `sequence.count`; O(*m*) when the
///   sequence is increasing.
@inlinable
func heaviestIncreasingSubsequence(_ sequence: [Int], weights: [Int]) -> [Bool] {
  let count = sequence.count
  guard count > 1, weights.contains(where: { $0 != 1 }) else {
    return longestIncreasingSubsequence(sequence)
  }
  if (1..<count).allSatisfy({ sequence[$0 - 1] < sequence[$0] }) {
    return Array(repeating: true, count: count)
  }
  // rank[i]: the 1-based position of sequence[i] in ascending order.
  var rank = [Int](repeating: 0, count: count)
  for (position, element) in (0..<count).sorted(by: { sequence[$0] < sequence[$1] }).enumerated() {
    rank[element] = position + 1
  }
  // The tree: for rank r, the heaviest total (and the element ending it)
  // among the ranks r - (r & -r) + 1 ... r.
  var treeTotal = [Int](repeating: 0, count: count + 1)
  var treeElement = [Int](repeating: -1, count: count + 1)
  var predecessor = [Int](repeating: -1, count: count)
  var best = (total: 0, element: -1)
  for element in 0..<count {
    var (below, ending) = (0, -1)
    var node = rank[element] - 1
    while node > 0 {
      if treeTotal[node] > below { (below, ending) = (treeTotal[node], treeElement[node]) }
      node &= node - 1
    }
    let total = below + weights[element]
    predecessor[element] = ending
    if total > best.total { best = (total, element) }
    node = rank[element]
    while node <= count {
      if treeTotal[node] < total { (treeTotal[node], treeElement[node]) = (total, element) }
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
