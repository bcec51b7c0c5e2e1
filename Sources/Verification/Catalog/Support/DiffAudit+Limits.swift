import SnapshotCore
import SnapshotModel

extension DiffAudit {
  /// A judgement of the differ: the failure, or the declared limits the
  /// update needed to pass (none for a plain pass).
  struct Verdict {
    /// The failure, if the update fails.
    var failure: Failure?
    /// The declared limits that explain the update's deviations.
    var limits: [DifferLimit] = []

    /// The verdict as a property's result.
    var result: PropertyResult {
      failure.map { .from([$0]) } ?? .from([], limits: limits)
    }
  }

  /// The ids present in both snapshots that the update deleted and
  /// re-inserted, each with the limits that would explain the loss, the
  /// likeliest first.
  struct Losses {
    /// Lost sections.
    var sections: [Int: [DifferLimit]] = [:]
    /// Lost items.
    var items: [Int: [DifferLimit]] = [:]
    /// The number of identity breaches the interpreter found.
    var breaches = 0

    /// The limits among `declared` that explain every loss, in
    /// declaration order; `nil` when some loss (or some breach that is no
    /// loss) is left unexplained, or nothing was lost.
    func explained(by declared: [DifferLimit]) -> [DifferLimit]? {
      guard breaches > 0, breaches == sections.count + items.count else { return nil }
      var used: [DifferLimit] = []
      for candidates in Array(sections.values) + Array(items.values) {
        guard let limit = candidates.first(where: declared.contains) else { return nil }
        if !used.contains(limit) { used.append(limit) }
      }
      return used.sorted()
    }
  }

  /// The update's identity losses, classified (SPEC §3 "Identity"; see
  /// `DifferLimit`): a section lost while marked for reload
  /// (`.noSectionReloads`) or while the common sections changed order
  /// (`.noSectionMoves`); an item due a refresh (`.updatesAsDeleteInsert`);
  /// an item that changed section (`.noMovesAcrossSectionChanges` when one
  /// of the two sections is not on both sides, `.noCrossSectionMoves`
  /// otherwise, `.noItemMoves` either way); an item lost with its section
  /// (that section's limits); an item lost in its section while the
  /// section's common items changed order (`.noItemMoves`).
  var losses: Losses {
    var losses = Losses(breaches: update.identityViolations.count)
    guard losses.breaches > 0 else { return losses }
    let marks = newMarks
    let oldSections = old.sectionIdentifiers
    let newSections = new.sectionIdentifiers
    let sectionsReordered =
      oldSections.filter(newSections.contains) != newSections.filter(oldSections.contains)
    for (index, section) in update.resultSections.enumerated()
    where !update.sectionOrigins[index].isCarried && oldSections.contains(section) {
      var candidates: [DifferLimit] = []
      if marks.sections.contains(section) { candidates.append(.noSectionReloads) }
      if sectionsReordered { candidates.append(.noSectionMoves) }
      losses.sections[section] = candidates
    }
    let refreshed = Set(expectedRefreshes.reloads + expectedRefreshes.reconfigures)
    var reordered: [Int: Bool] = [:]
    func itemsReordered(_ section: Int) -> Bool {
      if let known = reordered[section] { return known }
      let before = (try? old.itemIdentifiers(inSection: section)) ?? []
      let after = (try? new.itemIdentifiers(inSection: section)) ?? []
      let answer = before.filter(after.contains) != after.filter(before.contains)
      reordered[section] = answer
      return answer
    }
    for (sectionIndex, items) in update.resultItems.enumerated() {
      let section = update.resultSections[sectionIndex]
      for (index, item) in items.enumerated()
      where update.itemOrigins[sectionIndex][index] == .inserted {
        guard let oldSection = old.sectionIdentifier(containingItem: item) else { continue }
        var candidates: [DifferLimit] = refreshed.contains(item) ? [.updatesAsDeleteInsert] : []
        if oldSection != section {
          let acrossChange = !newSections.contains(oldSection) || !oldSections.contains(section)
          candidates.append(acrossChange ? .noMovesAcrossSectionChanges : .noCrossSectionMoves)
          candidates.append(.noItemMoves)
        } else if let sectionLimits = losses.sections[section] {
          candidates += sectionLimits
        } else if itemsReordered(section) {
          candidates.append(.noItemMoves)
        }
        losses.items[item] = candidates
      }
    }
    return losses
  }
}
