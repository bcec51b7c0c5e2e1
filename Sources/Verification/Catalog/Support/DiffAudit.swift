import SnapshotCore
import SnapshotModel

/// What a changeset did when the reference interpreter performed it, and
/// the checks of the `diff.` and `meta.` families over it.
struct DiffAudit<S: SnapshotProtocol<Int, Int>> {
  let old: S
  let new: S
  let options: DiffOptions<Int>
  let changeset: Changeset
  let update: InterpretedUpdate<Int, Int>

  init(old: S, new: S, options: DiffOptions<Int>, changeset: Changeset) {
    self.old = old
    self.new = new
    self.options = options
    self.changeset = changeset
    update = BatchInterpreter.replay(changeset, from: old, to: new)
  }

  /// The target, as the expected side of a `-`/`+` diff.
  var expectedText: String {
    "old: \(DiffAudit.layoutText(old))\nnew: \(DiffAudit.layoutText(new))\nresult: "
      + DiffAudit.layoutText(new)
  }

  /// The interpreter's result and the changeset, as the actual side.
  var actualText: String {
    "old: \(DiffAudit.layoutText(old))\nnew: \(DiffAudit.layoutText(new))\nresult: "
      + update.resultDescription
      + "\nchangeset:\n\(changeset)"
  }

  static func layoutText(_ s: S) -> String {
    let parts = s.layout.map { "\($0.section): \($0.items)" }
    return parts.isEmpty ? "(no sections)" : parts.joined(separator: " | ")
  }

  /// Valid, round-trips, respects identity; reloads and reconfigures only in
  /// reload-only batches.
  var roundTripProblems: [String] {
    var problems = update.problems
    for (index, batch) in changeset.batches.enumerated()
    where !batch.isReloadOnly
      && !(batch.itemReloads.isEmpty && batch.itemReconfigures.isEmpty
        && batch.sectionReloads.isEmpty)
    {
      problems.append("batch \(index) mixes reloads or reconfigures with structural updates")
    }
    return problems
  }

  /// The move counts against `MinimalMoves`.
  var minimalityProblems: [String] {
    let minimal = MinimalMoves(from: old, to: new)
    var problems: [String] = []
    if changeset.sectionMoveCount != minimal.sectionMoves {
      problems.append(
        "\(changeset.sectionMoveCount) section moves, minimal is \(minimal.sectionMoves)")
    }
    if changeset.itemMoveCount != minimal.itemMoves {
      problems.append("\(changeset.itemMoveCount) item moves, minimal is \(minimal.itemMoves)")
    }
    return problems
  }

  /// The refreshed ids against the expected sets (DifferProtocol): items in
  /// both that are marked in new or whose content changed, reload winning;
  /// sections in both marked in new.
  var refreshProblems: [String] {
    var reloads: [Int] = []
    var reconfigures: [Int] = []
    for item in new.itemIdentifiers where old.indexOfItem(item) != nil {
      let changed = options.contentChanged(item)
      if new.reloadedItemIdentifiers.contains(item) || changed && options.contentUpdate == .reload {
        reloads.append(item)
      } else if new.reconfiguredItemIdentifiers.contains(item)
        || changed && options.contentUpdate == .reconfigure
      {
        reconfigures.append(item)
      }
    }
    let sections = new.reloadedSectionIdentifiers.filter { old.indexOfSection($0) != nil }
    var problems: [String] = []
    func compare(_ name: String, _ expected: [Int], _ actual: [Int]) {
      if expected.sorted() != actual.sorted() {
        problems.append("\(name): expected \(expected.sorted()), got \(actual.sorted())")
      }
    }
    compare("reloaded items", reloads, update.reloadedItems)
    compare("reconfigured items", reconfigures, update.reconfiguredItems)
    compare("reloaded sections", sections, update.reloadedSections)
    return problems
  }

  /// A verdict from a list of problems.
  func verdict(_ problems: [String], _ what: String) -> PropertyResult {
    guard !problems.isEmpty else { return .pass }
    return .fail(
      message: "\(what): " + problems.joined(separator: "; "), expected: expectedText,
      actual: actualText)
  }
}
