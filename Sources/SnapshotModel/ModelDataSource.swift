import SnapshotCore

/// The reference headless `UICollectionViewDiffableDataSource` (semantics
/// B.5, C, D, E.1): a naive, literal reading of the specification over the
/// reference model's `ModelSnapshot`, `ModelSectionSnapshot` and
/// `ModelDiffer`, written independently of SnapshotCore's generic
/// `DiffableDataSource` (which the engine and users' data sources build on),
/// so that the catalog's comparison with it checks that code.
///
/// Its state is three plain values: the current full snapshot (never with
/// marks), the stored section snapshots in a plain array of pairs in the
/// order first stored, and the content map of the items shown. Every answer
/// is recomputed from them by linear scans; every `apply` returns the
/// `ModelDiffer` changeset from the previous state (a naive one: it need not
/// be the engine's, only valid). Invariant: the items of a section with a
/// stored section snapshot are that snapshot's `visibleItems`.
///
/// The user toggle (part D) and user reorder (part C) live in
/// `ModelDataSource+Toggle.swift` and `ModelDataSource+Reorder.swift`.
public struct ModelDataSource<SectionIdentifier: Hashable, ItemIdentifier: Hashable>:
  DataSourceProtocol
{
  /// The reference full snapshot.
  public typealias Snapshot = ModelSnapshot<SectionIdentifier, ItemIdentifier>
  /// The reference section snapshot.
  public typealias SectionSnapshot = ModelSectionSnapshot<ItemIdentifier>

  /// The handlers run around user expand and collapse; none by default.
  public var sectionSnapshotHandlers = SectionSnapshotHandlers<SectionSnapshot>()
  /// The handlers run around user reorders; none by default, which refuses
  /// every drag.
  public var reorderingHandlers = ReorderingHandlers<Snapshot, SectionSnapshot>()
  /// How content-changed items appear in changesets; `.reload` by default.
  public var contentUpdateStyle = ContentUpdateStyle.reload

  /// The current full snapshot, without marks. Package-visible so tests can
  /// plant corruption for the invariant checker.
  @usableFromInline package var current = Snapshot()
  /// The stored section snapshots, by section, in the order first stored.
  @usableFromInline package var storedSections:
    [(section: SectionIdentifier, snapshot: SectionSnapshot)] = []
  /// The content of the items of `current`.
  @usableFromInline package var contents: ContentMap<ItemIdentifier> = [:]

  /// Creates an empty data source with no handlers.
  @inlinable
  public init() {}

  /// A copy of the current full snapshot, without marks.
  @inlinable
  public func snapshot() -> Snapshot { current }

  /// The stored section snapshot of `section` (B.5); a flat one, the
  /// section's items as roots, when it has none; an empty one when the
  /// section is unknown.
  @inlinable
  public func snapshot(for section: SectionIdentifier) -> SectionSnapshot {
    if let stored = stored(section) { return stored }
    var flat = SectionSnapshot()
    if let index = current.sections.firstIndex(of: section) {
      flat.roots = current.itemsBySection[index].map { SectionSnapshot.Node($0) }
    }
    return flat
  }

  /// The content values of the items currently shown.
  @inlinable
  public var contentMap: ContentMap<ItemIdentifier> { contents }

  /// The sections that have a stored section snapshot, in the order they
  /// were first stored.
  @inlinable
  public var sectionsWithStoredSnapshots: [SectionIdentifier] { storedSections.map(\.section) }

  /// Applies a full snapshot (E.1, B.5): returns the `ModelDiffer` changeset
  /// from the current snapshot with the stored and new content and
  /// `contentUpdateStyle`; then holds `snapshot` without its marks, takes
  /// the new content (forgetting items no longer shown) and carries every
  /// stored section snapshot through by `rebase(_:to:)`.
  @inlinable
  public mutating func apply(_ snapshot: Snapshot, contents newContents: ContentMap<ItemIdentifier>)
    -> Changeset
  {
    var next = Snapshot()
    next.sections = snapshot.sections
    next.itemsBySection = snapshot.itemsBySection
    let changeset = changeset(to: snapshot, newContents: newContents)
    commit(next, newContents: newContents)
    checkInternalInvariants(invariantViolations())
    return changeset
  }

  /// Applies a section snapshot to `section`, B.5 steps 1–5: the section is
  /// appended last when absent; its items become `sectionSnapshot`'s
  /// visible items, which leave whatever other section shows them; that
  /// full snapshot is applied as a full apply without new content; the
  /// stored section snapshot of `section` becomes exactly `sectionSnapshot`,
  /// in place of a stored one (stored first, so the old one is replaced, not
  /// rebased or dropped).
  @inlinable
  public mutating func apply(_ sectionSnapshot: SectionSnapshot, to section: SectionIdentifier)
    -> Changeset
  {
    let rows = sectionSnapshot.visibleItems
    var next = Snapshot()
    next.sections = current.sections
    next.itemsBySection = current.itemsBySection.map { items in items.filter { !rows.contains($0) }
    }
    if let index = next.sections.firstIndex(of: section) {
      next.itemsBySection[index] = rows
    } else {
      next.sections.append(section)
      next.itemsBySection.append(rows)
    }
    let changeset = changeset(to: next, newContents: [:])
    store(sectionSnapshot, for: section)
    commit(next, newContents: [:])
    checkInternalInvariants(invariantViolations())
    return changeset
  }
}

extension ModelDataSource {
  /// The stored section snapshot of `section`, by linear scan.
  @inlinable
  func stored(_ section: SectionIdentifier) -> SectionSnapshot? {
    for entry in storedSections where entry.section == section { return entry.snapshot }
    return nil
  }

  /// Stores `tree` for `section`, replacing a stored one in place.
  @inlinable
  mutating func store(_ tree: SectionSnapshot, for section: SectionIdentifier) {
    for index in storedSections.indices where storedSections[index].section == section {
      storedSections[index].snapshot = tree
      return
    }
    storedSections.append((section, tree))
  }

  /// The `ModelDiffer` changeset from the current snapshot to `marked` (the
  /// snapshot as applied, marks included).
  @inlinable
  func changeset(to marked: Snapshot, newContents: ContentMap<ItemIdentifier>) -> Changeset {
    let options = DiffOptions(
      oldContent: contents, newContent: newContents, contentUpdate: contentUpdateStyle)
    return ModelDiffer<SectionIdentifier, ItemIdentifier>().changeset(
      from: current, to: marked, options: options)
  }

  /// Makes `next` (without marks) current: the content map takes the new
  /// values and keeps only items shown; each stored section snapshot is
  /// rebased onto its section's new items, or dropped (B.5).
  @inlinable
  mutating func commit(_ next: Snapshot, newContents: ContentMap<ItemIdentifier>) {
    var kept: ContentMap<ItemIdentifier> = [:]
    let shown = next.itemsBySection.joined()
    for item in shown {
      if let value = newContents[item] ?? contents[item] { kept[item] = value }
    }
    contents = kept
    var carried: [(section: SectionIdentifier, snapshot: SectionSnapshot)] = []
    for entry in storedSections {
      guard let index = next.sections.firstIndex(of: entry.section),
        let tree = Self.rebase(entry.snapshot, to: next.itemsBySection[index])
      else { continue }
      carried.append((entry.section, tree))
    }
    storedSections = carried
    current = next
  }

  /// The spec decision of B.5 for a stored tree whose section now shows
  /// `items`: kept unchanged when `items` are its visible items; otherwise
  /// the visible items no longer shown are deleted with their subtrees, each
  /// item of `items` missing from the tree is inserted after its
  /// predecessor in `items` (the first one before the first root, or as
  /// the only root), and the result is kept only when its visible items are
  /// `items`; `nil` drops the tree.
  @inlinable
  static func rebase(_ tree: SectionSnapshot, to items: [ItemIdentifier]) -> SectionSnapshot? {
    if tree.visibleItems == items { return tree }
    var result = tree
    do {
      try result.delete(tree.visibleItems.filter { !items.contains($0) })
      for index in items.indices where !result.contains(items[index]) {
        if index > 0 {
          try result.insert([items[index]], after: items[index - 1])
        } else if let first = result.rootItems.first {
          try result.insert([items[index]], before: first)
        } else {
          try result.append([items[index]], to: nil)
        }
      }
    } catch {
      // coverage: only broken code (each insert's anchor is an item of items already placed)
      return nil
    }
    return result.visibleItems == items ? result : nil
  }
}

extension ModelDataSource {
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
    if !current.reloadedItems.isEmpty || !current.reconfiguredItems.isEmpty
      || !current.reloadedSections.isEmpty
    {
      // coverage: only broken code (invariant failures)
      violations.append("the stored snapshot carries marks")
    }
    for (index, entry) in storedSections.enumerated() {
      let name = "section \(SnapshotError.text(entry.section))"
      // coverage: only broken code (invariant failures)
      if storedSections[..<index].contains(where: { $0.section == entry.section }) {
        violations.append("\(name) has two stored section snapshots")
      }
      violations += entry.snapshot.invariantViolations().map { "\(name): \($0)" }
      guard let sectionIndex = current.sections.firstIndex(of: entry.section) else {
        // coverage: only broken code (invariant failures)
        violations.append("\(name) has a stored section snapshot but is missing")
        // coverage: only broken code (invariant failures)
        continue
      }
      let rows = current.itemsBySection[sectionIndex]
      let visible = entry.snapshot.visibleItems
      // coverage: only broken code (invariant failures)
      if rows != visible {
        violations.append(
          "\(name) shows \(rows), but its section snapshot's visible items are \(visible)")
      }
    }
    let shown = Array(current.itemsBySection.joined())
    let stray = contentMap.keys.filter { !shown.contains($0) }
    // coverage: only broken code (invariant failures)
    if !stray.isEmpty {
      violations.append(
        "content is kept for items not shown: \(SnapshotError.texts(Array(stray)).sorted())")
    }
    return violations
  }
}
