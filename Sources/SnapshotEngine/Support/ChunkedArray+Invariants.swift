extension ChunkedArray {
  // coverage: only broken code (invariant failures)
  /// Layout problems, as readable sentences; empty when the layout is
  /// sound: an empty chunk, or `ends` out of step with the chunks' lengths.
  /// (Chunk lengths only bound costs, and an array that shrank keeps its
  /// longer chunks, so no length is a violation.)
  /// - Complexity: O(*c*), *c* the chunks.
  @inlinable
  func layoutViolations() -> [String] {
    var problems: [String] = []
    if ends.count != chunks.count {
      return ["\(ends.count) chunk ends for \(chunks.count) chunks"]
    }
    var total = 0
    for (index, chunk) in chunks.enumerated() {
      total += chunk.count
      if chunk.isEmpty { problems.append("chunk \(index) is empty") }
      if ends[index] != total {
        problems.append("chunk \(index) ends at \(ends[index]), not \(total)")
      }
    }
    return problems
  }
}
