extension EngineSnapshot {
  // coverage: only broken code (invariant failures)
  /// Internal-consistency problems, as readable sentences; empty when the
  /// value is sound. Never traps; refreshes no cache.
  /// - Complexity: O(*n* + *m* + marks).
  @inlinable
  public func invariantViolations() -> [String] {
    var problems: [String] = []
    let storage = self.storage
    var seenItems = Set<ItemIdentifier>(minimumCapacity: storage.table.count)
    var seenSections = Set<SectionIdentifier>(minimumCapacity: storage.sections.count)
    var running = 0
    for (position, section) in storage.sections.enumerated() {
      if !seenSections.insert(section.id).inserted {
        problems.append("section \(section.id) appears twice")
      }
      if storage.sectionIndex[section.id] != position {
        problems.append("sectionIndex[\(section.id)] is not \(position)")
      }
      if Int(section.token) >= storage.tokenPositions.count
        || storage.tokenPositions[Int(section.token)] != position
      {
        problems.append("token \(section.token) of section \(section.id) is not at \(position)")
      }
      if position < storage.prefixValid && storage.prefix[position] != running {
        problems.append("cached prefix of section \(section.id) is wrong")
      }
      if section.drift < 0 || section.drift > Storage.driftLimit(for: section.items.count)
        || (section.drift == 0) != (section.shiftedFrom == Int.max)
      {
        problems.append("section \(section.id) has drift \(section.drift)")
      }
      func layout(_ name: String, _ violations: [String]) {
        problems += violations.map { "section \(section.id) \(name): \($0)" }
      }
      layout("items", section.items.layoutViolations())
      layout("buckets", section.buckets.layoutViolations())
      layout("contents", section.contents.layoutViolations())
      layout("content marks", section.contentKnown.layoutViolations())
      if section.buckets.count != section.items.count {
        problems.append("section \(section.id) has \(section.buckets.count) buckets")
      }
      if !section.contentKnown.isEmpty
        && (section.contentKnown.count != section.items.count
          || section.contents.count != section.items.count)
      {
        problems.append("section \(section.id) has contents out of step with its items")
      }
      for (index, item) in section.items.enumerated() {
        if !seenItems.insert(item).inserted {
          problems.append("item \(item) appears twice")
        }
        guard let bucket = index < section.buckets.count ? Int(section.buckets[index]) : nil,
          bucket >= 0, bucket < storage.table.bucketCount, storage.table.isUsed(bucket)
        else {
          problems.append("item \(item) has no used bucket")
          continue
        }
        // Exact below where the section's items first shifted, within the
        // drift from there on.
        let location = storage.table.location(at: bucket)
        let allowed = index < section.shiftedFrom ? 0 : section.drift
        if location.token != section.token || abs(Int(location.index) - index) > allowed {
          problems.append(
            "item \(item) is filed at token \(location.token) index \(location.index)")
        }
        // The lookup reads other buckets' locations: only on a sound table.
        if problems.isEmpty && storage.index.bucket(of: item) != bucket {
          problems.append("item \(item) is not found in its bucket")
        }
      }
      running += section.items.count
    }
    if storage.sectionIndex.count != storage.sections.count {
      problems.append("sectionIndex holds \(storage.sectionIndex.count) sections")
    }
    let liveTokens = storage.tokenPositions.count { $0 >= 0 }
    if liveTokens != storage.sections.count
      || liveTokens + storage.freeTokens.count != storage.tokenPositions.count
    {
      problems.append("\(liveTokens) live tokens for \(storage.sections.count) sections")
    }
    problems += storage.table.accountingViolations(items: running)
    for item in storage.reloadedItems.order + storage.reconfiguredItems.order
    where problems.isEmpty && !storage.index.contains(item) {
      problems.append("marked item \(item) is not in the snapshot")
    }
    for section in storage.reloadedSections.order
    where storage.sectionIndex[section] == nil {
      problems.append("marked section \(section) is not in the snapshot")
    }
    return problems
  }
}

extension EngineSnapshot {
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
