import SnapshotCore

extension ModelSectionSnapshot {
  /// Internal-consistency problems, as readable sentences; empty when the
  /// section snapshot is sound. Never traps.
  ///
  /// Checks: no item twice in the tree; the expanded set holds each id once
  /// and only items of the tree. (Parent and child links cannot disagree:
  /// the tree is stored as nested nodes.)
  @inlinable
  public func invariantViolations() -> [String] {
    var violations: [String] = []
    let items = items
    // coverage: only broken code (invariant failures)
    for item in items.repeatedElements() {
      violations.append("item \(SnapshotError.text(item)) appears twice in the tree")
    }
    // coverage: only broken code (invariant failures)
    for item in expanded.repeatedElements() {
      violations.append("expanded set lists \(SnapshotError.text(item)) twice")
    }
    for item in expanded where !items.contains(item) {
      violations.append("expanded set lists \(SnapshotError.text(item)), which is missing")
    }
    return violations
  }

  /// Traps on an invariant violation when the package is built with
  /// `-Xswiftc -DDIFFABLE_INTERNAL_CHECKS`; does nothing otherwise.
  @inlinable
  @inline(__always)
  func checkInvariants() { checkInternalInvariants(invariantViolations()) }
}
