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
