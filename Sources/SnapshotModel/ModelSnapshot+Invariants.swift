import SnapshotCore

extension ModelSnapshot {
  /// Internal-consistency problems, as readable sentences; empty when the
  /// snapshot is sound. Never traps.
  ///
  /// Checks: one item list per section; no section id twice; no item id
  /// twice across the snapshot; every mark list holds each id once and only
  /// ids that are present (marks of deleted ids are dropped, A.5).
  @inlinable
  public func invariantViolations() -> [String] {
    var violations: [String] = []
    // coverage: only broken code (invariant failures)
    if sections.count != itemsBySection.count {
      violations.append(
        "\(sections.count) sections but \(itemsBySection.count) item lists")
    }
    // coverage: only broken code (invariant failures)
    for section in sections.repeatedElements() {
      violations.append("section \(SnapshotError.text(section)) appears twice")
    }
    let items = itemIdentifiers
    // coverage: only broken code (invariant failures)
    for item in items.repeatedElements() {
      violations.append("item \(SnapshotError.text(item)) appears twice")
    }
    violations += markViolations(reloadedItems, name: "reloaded items") {
      items.contains($0)
    }
    violations += markViolations(reconfiguredItems, name: "reconfigured items") {
      items.contains($0)
    }
    violations += markViolations(reloadedSections, name: "reloaded sections") {
      sections.contains($0)
    }
    return violations
  }

  /// Traps on an invariant violation when the package is built with
  /// `-Xswiftc -DDIFFABLE_INTERNAL_CHECKS`; does nothing otherwise.
  @inlinable
  @inline(__always)
  func checkInvariants() { checkInternalInvariants(invariantViolations()) }

  /// The problems of one mark list: repeated ids and ids not present.
  @inlinable
  func markViolations<ID: Hashable>(
    _ marks: [ID], name: String, isPresent: (ID) -> Bool
  ) -> [String] {
    var violations: [String] = []
    // coverage: only broken code (invariant failures)
    for id in marks.repeatedElements() {
      violations.append("\(name) list \(SnapshotError.text(id)) twice")
    }
    for id in marks where !isPresent(id) {
      violations.append("\(name) list \(SnapshotError.text(id)), which is missing")
    }
    return violations
  }
}
