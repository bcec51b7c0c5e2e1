extension EngineSnapshot {
  // coverage: only broken code (invariant failures)
  /// Internal-consistency problems, as readable sentences; empty when the
  /// value is sound. Never traps; refreshes no cache.
  /// - Complexity: O(*n* + *m* + marks).
  public func invariantViolations() -> [String] {
    var problems: [String] = []
    let storage = self.storage
    var seenItems = Set<ItemIdentifier>()
    var seenSections = Set<SectionIdentifier>()
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
      if section.slots.count != section.items.count {
        problems.append("section \(section.id) has \(section.slots.count) slots")
      }
      if section.staleFrom > section.items.count || section.staleFrom < 0 {
        problems.append("section \(section.id) has watermark \(section.staleFrom)")
      }
      for (index, item) in section.items.enumerated() {
        if !seenItems.insert(item).inserted {
          problems.append("item \(item) appears twice")
        }
        guard let entry = storage.entries[item] else {
          problems.append("item \(item) has no entry")
          continue
        }
        if entry.rawToken != section.token {
          problems.append("item \(item) is filed under section token \(entry.token)")
        }
        if index >= section.slots.count || section.slots[index] != entry.rawSlot {
          problems.append("item \(item) is not in its slot")
        } else if Int(storage.positions[entry.slot]) != index
          && Int(storage.positions[entry.slot]) < section.staleFrom
        {
          problems.append(
            "item \(item) caches index \(storage.positions[entry.slot]), is at \(index)")
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
    if storage.entries.count != running {
      problems.append("entries hold \(storage.entries.count) items, sections \(running)")
    }
    var slotUsed = [Bool](repeating: false, count: storage.positions.count)
    for rawSlot in storage.sections.flatMap(\.slots) + storage.freeSlots {
      let slot = Int(rawSlot)
      if slot < 0 || slot >= slotUsed.count || slotUsed[slot] {
        problems.append("slot \(slot) is out of range or used twice")
      } else {
        slotUsed[slot] = true
      }
    }
    if slotUsed.contains(false) {
      problems.append("a slot is neither used nor free")
    }
    for item in storage.reloadedItems.order + storage.reconfiguredItems.order
    where storage.entries[item] == nil {
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
