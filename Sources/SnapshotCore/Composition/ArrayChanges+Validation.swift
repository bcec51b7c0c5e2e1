extension ArrayChanges {
  /// What is wrong with these changes as the way from `old` to `new`, one
  /// sentence each; empty exactly when they are well formed (every offset in
  /// range, no old offset deleted or moved twice, no new offset filled
  /// twice) and performing them on `old` gives `new`.
  ///
  /// Deleting and re-inserting an element present in both arrays is not a
  /// problem here: it is a way from `old` to `new`, which the suite judges
  /// as an identity loss of the differ.
  ///
  /// - Complexity: O(*n* + *m*) for arrays of *n* and *m* elements.
  public func problems<Element: Equatable>(from old: [Element], to new: [Element]) -> [String] {
    var problems: [String] = []
    var taken = Array(repeating: false, count: old.count)
    var filled = Array(repeating: false, count: new.count)
    func takeOld(_ offset: Int, _ what: String) {
      guard old.indices.contains(offset) else {
        problems.append("\(what) offset \(offset) is outside the old array (0..<\(old.count))")
        return
      }
      if taken[offset] {
        problems.append("old offset \(offset) is deleted or moved more than once")
      }
      taken[offset] = true
    }
    func fillNew(_ offset: Int, _ what: String) {
      guard new.indices.contains(offset) else {
        problems.append("\(what) offset \(offset) is outside the new array (0..<\(new.count))")
        return
      }
      if filled[offset] {
        problems.append("new offset \(offset) is inserted or moved to more than once")
      }
      filled[offset] = true
    }
    for offset in deletes { takeOld(offset, "delete") }
    for move in moves {
      takeOld(move.from, "move source")
      fillNew(move.to, "move destination")
    }
    for offset in inserts { fillNew(offset, "insert") }
    guard problems.isEmpty else { return problems }
    let kept = old.indices.filter { !taken[$0] }
    let free = new.indices.filter { !filled[$0] }
    guard kept.count == free.count else {
      return [
        "\(kept.count) old elements are kept but \(free.count) new offsets are left for them"
      ]
    }
    for (oldOffset, newOffset) in zip(kept, free) where old[oldOffset] != new[newOffset] {
      problems.append(
        "the element kept from old offset \(oldOffset) lands at new offset \(newOffset), "
          + "which holds another element")
    }
    for move in moves where old[move.from] != new[move.to] {
      problems.append(
        "the move \(move) puts old offset \(move.from)'s element where the new array holds "
          + "another")
    }
    return problems
  }
}
