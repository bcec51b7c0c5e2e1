extension EngineSectionSnapshot {
  // coverage: only broken code (invariant failures)
  /// Internal-consistency problems, as readable sentences; empty when sound.
  /// Never traps.
  /// - Complexity: O(*n*).
  @inlinable
  public func invariantViolations() -> [String] {
    let storage = self.storage
    var problems: [String] = []
    var visited = 0
    var seen = Set<ItemIdentifier>(minimumCapacity: storage.count)
    var slot = storage.firstRoot
    var steps = 0
    while slot >= 0 && steps <= storage.nodes.count {
      steps += 1
      let node = storage.nodes[slot]
      if !seen.insert(node.id).inserted { problems.append("\(node.id) is reached twice") }
      visited += 1
      if storage.slot(of: node.id) != slot { problems.append("slot of \(node.id) is wrong") }
      let expectedLevel = node.parent >= 0 ? storage.nodes[node.parent].level + 1 : 0
      if node.level != expectedLevel {
        problems.append("\(node.id) has level \(node.level), expected \(expectedLevel)")
      }
      if node.next >= 0 && storage.nodes[node.next].previous != slot {
        problems.append("sibling links after \(node.id) are not symmetric")
      }
      if node.next >= 0 && storage.nodes[node.next].parent != node.parent {
        problems.append("a sibling of \(node.id) has another parent")
      }
      if node.firstChild >= 0 && storage.nodes[node.firstChild].parent != slot {
        problems.append("the first child of \(node.id) names another parent")
      }
      slot = storage.preorderSuccessor(of: slot)
    }
    if visited != storage.count {
      problems.append("\(visited) items reachable, \(storage.count) indexed")
    }
    problems += storage.table.accountingViolations(items: visited)
    if let cached = storage.itemsCache, cached.count != storage.count {
      problems.append("the cached items are stale")
    }
    return problems
  }
}

extension EngineSectionSnapshot {
  /// Traps on an invariant violation when the package is built with
  /// `-Xswiftc -DDIFFABLE_INTERNAL_CHECKS`; does nothing otherwise.
  @inlinable @inline(__always)
  func checkInvariants() {
    #if DIFFABLE_INTERNAL_CHECKS
      let violations = invariantViolations()
      precondition(violations.isEmpty, violations.joined(separator: "; "))
    #endif
  }
}
