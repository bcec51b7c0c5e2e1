import Generators
import SnapshotCore

/// Honest diagnosis (issue 9): before a changeset is judged, the
/// implementation's own snapshots are checked for internal corruption, so a
/// duplicate id left by a buggy insert is reported as what it is instead of
/// blaming the differ.
enum SnapshotCorruption {
  /// The ways `snapshot` contradicts itself, as sentences: a repeated
  /// section or item id, counts that disagree with the ids, the flat item
  /// list disagreeing with the per-section lists, an item whose reported
  /// section or index is not where it is listed, and the implementation's
  /// own `invariantViolations()`.
  static func problems<S: SnapshotProtocol>(of snapshot: S) -> [String] {
    var problems: [String] = []
    let ids = StateText.identifiers
    let sections = snapshot.sectionIdentifiers
    let items = snapshot.itemIdentifiers
    problems += sections.repeatedIds().map { "section \(ids.anySection($0)) listed twice" }
    problems += items.repeatedIds().map { "item \(ids.anyItem($0)) listed twice" }
    if snapshot.numberOfSections != sections.count {
      problems.append(
        "numberOfSections is \(snapshot.numberOfSections), sectionIdentifiers has \(sections.count)"
      )
    }
    if snapshot.numberOfItems != items.count {
      problems.append(
        "numberOfItems is \(snapshot.numberOfItems), itemIdentifiers has \(items.count)")
    }
    let layout = snapshot.layout
    if Array(layout.map(\.items).joined()) != items {
      problems.append("itemIdentifiers disagrees with the items of the sections")
    }
    for (sectionIndex, entry) in layout.enumerated() {
      let count = try? snapshot.numberOfItems(inSection: entry.section)
      if count != entry.items.count {
        problems.append(
          "section \(ids.anySection(entry.section)): numberOfItems(inSection:) is \(count.map(String.init) ?? "an error"), it lists \(entry.items.count)"
        )
      }
      if snapshot.indexOfSection(entry.section) != sectionIndex {
        problems.append(
          "section \(ids.anySection(entry.section)): indexOfSection disagrees with its position")
      }
      for item in entry.items
      where snapshot.sectionIdentifier(containingItem: item) != entry.section {
        problems.append(
          "item \(ids.anyItem(item)) is listed in section \(ids.anySection(entry.section)) "
            + "but reported elsewhere")
      }
    }
    return problems + snapshot.invariantViolations()
  }

  /// A failure naming every corruption of the old and new snapshots of a
  /// diff case, or `nil` when both are sound.
  static func verdict<S: SnapshotProtocol<Int, Int>>(
    _ old: S, _ new: S, of diffCase: DiffCase
  ) -> PropertyResult? {
    let problems = problems(of: old).map { "old: \($0)" } + problems(of: new).map { "new: \($0)" }
    guard !problems.isEmpty else { return nil }
    let model: ModelReference.Snapshot = diffCase.new()
    return .fail(
      message: "implementation snapshot corrupt: " + problems.joined(separator: "; "),
      expected: "new (reference): \(DiffAudit<ModelReference.Snapshot>.layoutText(model))",
      actual: "new (implementation): \(DiffAudit<S>.layoutText(new))",
      kind: FailureKind("corrupt snapshot"))
  }
}

extension Array where Element: Hashable {
  /// The elements occurring more than once, each once, in first-repeat
  /// order, as text.
  fileprivate func repeatedIds() -> [String] {
    var seen: Set<Element> = []
    var repeats: [Element] = []
    for element in self where !seen.insert(element).inserted && !repeats.contains(element) {
      repeats.append(element)
    }
    return repeats.map { SnapshotError.text($0) }
  }
}
