import SnapshotCore

extension BatchInterpreter {
  // coverage: only broken code (a changeset that breaks identity)
  /// The identity breaches of `result` (SPEC §3): a section or item present
  /// in both `old` and `new` must be carried (moved or kept), never inserted
  /// nor left out; one only in `old` must not be carried; one only in `new`
  /// cannot be carried, so it is inserted whenever it appears.
  @inlinable
  static func identityViolations<Section, Item>(
    of result: Layout<Section, Item>, old: Layout<Section, Item>, new: Layout<Section, Item>
  ) -> [String] {
    var violations: [String] = []
    for (section, origin) in zip(result.sections, result.sectionOrigins) {
      let name = "section \(SnapshotError.text(section))"
      if origin.isCarried {
        if !new.contains(section: section) {
          violations.append("\(name) is only in the old snapshot but was \(origin), not deleted")
        }
      } else if old.contains(section: section) {
        violations.append("\(name) is in both snapshots but was deleted and re-inserted")
      }
    }
    for section in old.sections
    where new.contains(section: section) && !result.contains(section: section) {
      violations.append(
        "section \(SnapshotError.text(section)) is in both snapshots but was deleted")
    }
    for (items, origins) in zip(result.items, result.itemOrigins) {
      for (item, origin) in zip(items, origins) {
        let name = "item \(SnapshotError.text(item))"
        if origin.isCarried {
          if !new.contains(item: item) {
            violations.append("\(name) is only in the old snapshot but was \(origin), not deleted")
          }
        } else if old.contains(item: item) {
          violations.append("\(name) is in both snapshots but was deleted and re-inserted")
        }
      }
    }
    for item in old.items.joined()
    where new.contains(item: item) && !result.contains(item: item) {
      violations.append("item \(SnapshotError.text(item)) is in both snapshots but was deleted")
    }
    return violations
  }
}
