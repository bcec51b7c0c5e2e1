extension DiffableDataSource {
  /// Internal-consistency problems, as readable sentences; empty when the
  /// data source is sound. Never traps.
  ///
  /// Checks: the full snapshot is sound and carries no marks; every stored
  /// section snapshot is sound, belongs to an existing section (once), and
  /// its `visibleItems` are exactly that section's items; the content map
  /// holds only items that are shown.
  @inlinable
  public func invariantViolations() -> [String] {
    var violations = current.invariantViolations().map { "snapshot: \($0)" }
    if !current.reloadedItemIdentifiers.isEmpty
      || !current.reconfiguredItemIdentifiers.isEmpty
      || !current.reloadedSectionIdentifiers.isEmpty
    {
      violations.append("the stored snapshot carries marks")
    }
    for (index, entry) in storedSections.enumerated() {
      let name = "section \(SnapshotError.text(entry.section))"
      if storedSections[..<index].contains(where: { $0.section == entry.section }) {
        violations.append("\(name) has two stored section snapshots")
      }
      violations += entry.snapshot.invariantViolations().map { "\(name): \($0)" }
      guard let rows = try? current.itemIdentifiers(inSection: entry.section) else {
        violations.append("\(name) has a stored section snapshot but is missing")
        continue
      }
      if rows != entry.snapshot.visibleItems {
        let visible = entry.snapshot.visibleItems
        violations.append(
          "\(name) shows \(rows), but its section snapshot's visible items are \(visible)")
      }
    }
    let stray = contents.keys.filter { current.sectionIdentifier(containingItem: $0) == nil }
    if !stray.isEmpty {
      let names = SnapshotError.texts(Array(stray)).sorted()
      violations.append("content is kept for items not shown: \(names)")
    }
    return violations
  }

  /// Traps on an invariant violation when the package is built with
  /// `-Xswiftc -DDIFFABLE_INTERNAL_CHECKS`; does nothing otherwise.
  @inlinable
  @inline(__always)
  func checkInvariants() { checkInternalInvariants(invariantViolations()) }
}
