/// The refresh rule (SPEC §3) as a value: which items a diff from one
/// snapshot to another reloads and reconfigures, and which sections it
/// reloads, read from the new snapshot's marks and the diff's
/// `DiffOptions`.
///
/// - An item present in both snapshots is refreshed when it is marked in
///   the new one or `options.contentChanged(_:)` says its content changed.
/// - It is reloaded when it is marked for reload or changed under the
///   `.reload` style; otherwise reconfigured (a reload mark wins over a
///   reconfigure mark).
/// - A section present in both and marked for reload in the new snapshot
///   is reloaded.
///
/// Items and sections are listed in the new snapshot's order. A differ
/// that drives UIKit the documented way hands them to a batch after the
/// structural one, at new paths (`batch(in: new)`); a batch before the
/// structure names old paths (`batch(in: old)`).
public struct Refreshes<SectionIdentifier: Hashable, ItemIdentifier: Hashable>: Hashable {
  /// The items to reload.
  public var reloadedItems: [ItemIdentifier]
  /// The items to reconfigure.
  public var reconfiguredItems: [ItemIdentifier]
  /// The sections to reload.
  public var reloadedSections: [SectionIdentifier]

  /// Creates refreshes from their lists.
  public init(
    reloadedItems: [ItemIdentifier] = [], reconfiguredItems: [ItemIdentifier] = [],
    reloadedSections: [SectionIdentifier] = []
  ) {
    self.reloadedItems = reloadedItems
    self.reconfiguredItems = reconfiguredItems
    self.reloadedSections = reloadedSections
  }

  /// The refreshes of a diff from `old` to `new` with `options`. A type
  /// without `.readableMarks` reports no marks, so only content changes
  /// are refreshed.
  ///
  /// - Complexity: O((*m* + *c*) × *l*) for *m* marks, *c* content entries
  ///   and *l* the cost of the snapshots' `indexOfItem(_:)`.
  public init<Snapshot: SnapshotProtocol>(
    from old: Snapshot, to new: Snapshot, options: DiffOptions<ItemIdentifier> = DiffOptions()
  )
  where Snapshot.SectionIdentifier == SectionIdentifier, Snapshot.ItemIdentifier == ItemIdentifier {
    let reloadMarks = Set(new.reloadedItems)
    let reconfigureMarks = Set(new.reconfiguredItems)
    var candidates = reloadMarks.union(reconfigureMarks)
    let (fewer, more) =
      options.oldContent.count <= options.newContent.count
      ? (options.oldContent, options.newContent) : (options.newContent, options.oldContent)
    for (item, value) in fewer where more[item].map({ $0 != value }) ?? false {
      candidates.insert(item)
    }
    var reloads: [(ItemPath, ItemIdentifier)] = []
    var reconfigures: [(ItemPath, ItemIdentifier)] = []
    for item in candidates {
      guard old.indexOfItem(item) != nil, let path = new.itemPath(of: item) else { continue }
      let changed = options.contentChanged(item)
      if reloadMarks.contains(item) || changed && options.contentUpdate == .reload {
        reloads.append((path, item))
      } else {
        reconfigures.append((path, item))
      }
    }
    var sections: [(Int, SectionIdentifier)] = []
    for section in Set(new.reloadedSections) where old.indexOfSection(section) != nil {
      if let index = new.indexOfSection(section) { sections.append((index, section)) }
    }
    self.init(
      reloadedItems: reloads.sorted { $0.0 < $1.0 }.map(\.1),
      reconfiguredItems: reconfigures.sorted { $0.0 < $1.0 }.map(\.1),
      reloadedSections: sections.sorted { $0.0 < $1.0 }.map(\.1))
  }

  /// Whether nothing is refreshed.
  public var isEmpty: Bool {
    reloadedItems.isEmpty && reconfiguredItems.isEmpty && reloadedSections.isEmpty
  }

  /// The refreshes as one batch at the paths of `snapshot`, sorted; ids
  /// `snapshot` does not hold are left out.
  ///
  /// - Complexity: O(*r* × *l*) for *r* refreshes and *l* the cost of
  ///   `snapshot`'s `indexOfItem(_:)`.
  public func batch<Snapshot: SnapshotProtocol>(in snapshot: Snapshot) -> Changeset.Batch
  where Snapshot.SectionIdentifier == SectionIdentifier, Snapshot.ItemIdentifier == ItemIdentifier {
    Changeset.Batch(
      sectionReloads: reloadedSections.compactMap(snapshot.indexOfSection).sorted(),
      itemReloads: reloadedItems.compactMap(snapshot.itemPath).sorted(),
      itemReconfigures: reconfiguredItems.compactMap(snapshot.itemPath).sorted())
  }
}

extension Refreshes: Sendable where SectionIdentifier: Sendable, ItemIdentifier: Sendable {}
