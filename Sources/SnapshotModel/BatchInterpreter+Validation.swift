import SnapshotCore

extension BatchInterpreter {
  /// The rules `batch` breaks, given the item counts of every section before
  /// it (`before`) and after it (`after`, the target's).
  ///
  /// Validity depends only on these shapes, never on identifiers. The
  /// per-section count rule is checked only when the section-level updates
  /// are valid, since it needs to know which section became which.
  ///
  /// - Complexity: O(*n*²) in the number of updates, by linear scans.
  @inlinable
  public static func violations(
    of batch: Changeset.Batch, number: Int, before: [Int], after: [Int]
  ) -> [BatchViolation] {
    let sectionViolations = self.sectionViolations(
      of: batch, number: number, before: before.count, after: after.count)
    var violations = sectionViolations
    violations += itemViolations(of: batch, number: number, before: before, after: after)
    if sectionViolations.isEmpty {
      violations += countViolations(of: batch, number: number, before: before, after: after)
    }
    return violations
  }

  // MARK: Sections

  // coverage: only broken code (a changeset that breaks a batch rule)
  @inlinable
  static func sectionViolations(
    of batch: Changeset.Batch, number: Int, before: Int, after: Int
  ) -> [BatchViolation] {
    let movedFrom = batch.sectionMoves.map(\.from)
    let movedTo = batch.sectionMoves.map(\.to)
    var violations: [BatchViolation] = []
    func outOfRange(_ indices: [Int], _ operation: BatchViolation.Operation, count: Int) {
      for index in indices where !(0..<count).contains(index) {
        violations.append(.sectionIndexOutOfRange(batch: number, operation, section: index))
      }
    }
    outOfRange(batch.sectionDeletes, .delete, count: before)
    outOfRange(batch.sectionInserts, .insert, count: after)
    outOfRange(movedFrom, .moveFrom, count: before)
    outOfRange(movedTo, .moveTo, count: after)
    outOfRange(batch.sectionReloads, .reload, count: before)
    violations += repeats(in: batch.sectionDeletes).map {
      .sectionDeletedTwice(batch: number, section: $0)
    }
    violations += repeats(in: batch.sectionInserts).map {
      .sectionInsertedTwice(batch: number, section: $0)
    }
    violations += repeats(in: movedFrom).map {
      .sectionMovedFromTwice(batch: number, section: $0)
    }
    violations += repeats(in: movedTo).map {
      .sectionMovedToTwice(batch: number, section: $0)
    }
    violations += repeats(in: batch.sectionReloads).map {
      .sectionReloadedTwice(batch: number, section: $0)
    }
    violations += common(batch.sectionDeletes, movedFrom).map {
      .sectionDeleteAndMove(batch: number, section: $0)
    }
    violations += common(batch.sectionInserts, movedTo).map {
      .sectionInsertAndMove(batch: number, section: $0)
    }
    violations += common(batch.sectionReloads, batch.sectionDeletes + movedFrom).map {
      .sectionReloadOfMovedOrDeleted(batch: number, section: $0)
    }
    let expected = before - batch.sectionDeletes.count + batch.sectionInserts.count
    if expected != after {
      violations.append(.sectionCountMismatch(batch: number, expected: after, actual: expected))
    }
    return violations
  }

  // MARK: Items

  // coverage: only broken code (a changeset that breaks a batch rule)
  @inlinable
  static func itemViolations(
    of batch: Changeset.Batch, number: Int, before: [Int], after: [Int]
  ) -> [BatchViolation] {
    let movedFrom = batch.itemMoves.map(\.from)
    let movedTo = batch.itemMoves.map(\.to)
    var violations: [BatchViolation] = []
    func outOfRange(_ paths: [ItemPath], _ operation: BatchViolation.Operation, counts: [Int]) {
      for path in paths where !isInRange(path, counts) {
        violations.append(.indexOutOfRange(batch: number, operation, path))
      }
    }
    outOfRange(batch.itemDeletes, .delete, counts: before)
    outOfRange(batch.itemInserts, .insert, counts: after)
    outOfRange(movedFrom, .moveFrom, counts: before)
    outOfRange(movedTo, .moveTo, counts: after)
    outOfRange(batch.itemReloads, .reload, counts: before)
    outOfRange(batch.itemReconfigures, .reconfigure, counts: before)
    violations += repeats(in: batch.itemDeletes).map { .deletedTwice(batch: number, $0) }
    violations += repeats(in: batch.itemInserts).map { .insertedTwice(batch: number, $0) }
    violations += repeats(in: movedFrom).map { .movedFromTwice(batch: number, $0) }
    violations += repeats(in: movedTo).map { .movedToTwice(batch: number, $0) }
    violations += repeats(in: batch.itemReloads).map { .reloadedTwice(batch: number, $0) }
    violations += repeats(in: batch.itemReconfigures).map {
      .reconfiguredTwice(batch: number, $0)
    }
    violations += common(batch.itemDeletes, movedFrom).map {
      .deleteAndMoveFromSame(batch: number, $0)
    }
    violations += common(batch.itemInserts, movedTo).map {
      .insertAndMoveToSame(batch: number, $0)
    }
    let gone = batch.itemDeletes + movedFrom
    for (operation, paths) in [
      (BatchViolation.Operation.reload, batch.itemReloads),
      (.reconfigure, batch.itemReconfigures),
    ] {
      for path in uniqued(paths)
      where gone.contains(path) || batch.sectionDeletes.contains(path.section) {
        violations.append(.reloadOfMovedOrDeletedItem(batch: number, operation, path))
      }
    }
    return violations
  }

  // coverage: only broken code (a changeset that breaks a batch rule)
  /// The count rule for every surviving section (needs valid section
  /// updates).
  @inlinable
  static func countViolations(
    of batch: Changeset.Batch, number: Int, before: [Int], after: [Int]
  ) -> [BatchViolation] {
    let sources = sectionSources(of: batch, before: before.count, after: after.count)
    var violations: [BatchViolation] = []
    for (section, source) in sources.enumerated() {
      guard case .survivor(let old, _) = source else { continue }
      let deleted = batch.itemDeletes.filter { $0.section == old }.count
      let inserted = batch.itemInserts.filter { $0.section == section }.count
      let movedOut = batch.itemMoves.filter { $0.from.section == old }.count
      let movedIn = batch.itemMoves.filter { $0.to.section == section }.count
      let actual = before[old] - deleted + inserted - movedOut + movedIn
      if actual != after[section] {
        violations.append(
          .countMismatch(
            batch: number, section: section, expected: after[section], actual: actual))
      }
    }
    return violations
  }

  // MARK: Helpers

  /// Whether `path` names an existing item of a layout with these counts.
  @inlinable
  static func isInRange(_ path: ItemPath, _ counts: [Int]) -> Bool {
    counts.indices.contains(path.section)
      && (0..<counts[path.section]).contains(path.item)
  }

  /// The elements that occur more than once, each once, in first-repeat
  /// order.
  @inlinable
  static func repeats<Element: Equatable>(in list: [Element]) -> [Element] {
    var repeats: [Element] = []
    for index in list.indices
    where list[..<index].contains(list[index]) && !repeats.contains(list[index]) {
      repeats.append(list[index])
    }
    return repeats
  }

  /// The distinct elements of `first` that are also in `second`, in order.
  @inlinable
  static func common<Element: Equatable>(
    _ first: [Element], _ second: [Element]
  ) -> [Element] {
    uniqued(first).filter { second.contains($0) }
  }

  /// The list with later repeats removed.
  @inlinable
  static func uniqued<Element: Equatable>(_ list: [Element]) -> [Element] {
    var result: [Element] = []
    for element in list where !result.contains(element) {
      result.append(element)
    }
    return result
  }
}
