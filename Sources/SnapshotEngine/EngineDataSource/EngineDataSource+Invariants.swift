import SnapshotCore

extension EngineDataSource {
  /// Internal-consistency problems, as readable sentences; empty when the
  /// data source is sound. Never traps.
  ///
  /// Checks: the full snapshot is sound and carries no marks; every stored
  /// section snapshot is sound, belongs to an existing section, and its
  /// `visibleItems` are exactly that section's items; the stored order lists
  /// each stored section once; the content map holds only items shown.
  public func invariantViolations() -> [String] {
    var violations = current.invariantViolations().map { "snapshot: \($0)" }
    if !current.reloadedItemIdentifiers.isEmpty
      || !current.reconfiguredItemIdentifiers.isEmpty
      || !current.reloadedSectionIdentifiers.isEmpty
    {
      violations.append("the stored snapshot carries marks")
    }
    if storedOrder.count != stored.count || Set(storedOrder).count != storedOrder.count {
      violations.append("the stored-section order does not match the stored sections")
    }
    for section in storedOrder {
      let name = "section \(SnapshotError.text(section))"
      guard let tree = stored[section] else {
        violations.append("\(name) is listed but has no stored section snapshot")
        continue
      }
      violations += tree.invariantViolations().map { "\(name): \($0)" }
      guard let rows = try? current.itemIdentifiers(inSection: section) else {
        violations.append("\(name) has a stored section snapshot but is missing")
        continue
      }
      if rows != tree.visibleItems {
        violations.append(
          "\(name) shows \(rows), but its section snapshot's visible items are \(tree.visibleItems)")
      }
    }
    let stray = contents.keys.filter { !current.contains(item: $0) }
    if !stray.isEmpty {
      let names = SnapshotError.texts(Array(stray)).sorted()
      violations.append("content is kept for items not shown: \(names)")
    }
    return violations
  }
}
