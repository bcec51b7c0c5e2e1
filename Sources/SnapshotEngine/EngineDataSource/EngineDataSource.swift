import SnapshotCore

/// The engine's headless `UICollectionViewDiffableDataSource`: the behaviour
/// of `ModelDataSource` (semantics B.5, C, D, E.1, the rules fixed in
/// `DataSourceProtocol`) over `EngineSnapshot`, `EngineSectionSnapshot` and
/// `EngineDiffer`.
///
/// It holds the current full snapshot (never with marks), a stored section
/// snapshot per section applied with `apply(_:to:)` (hashed by section, with
/// the order they were first stored), and the content map of the items
/// shown. Invariant: the items of a section with a stored section snapshot
/// are that section snapshot's `visibleItems`. Every `apply` returns the
/// `EngineDiffer` changeset from the previous state (move-minimal, so it may
/// differ from the model's, while replaying to the same state).
public struct EngineDataSource<SectionIdentifier: Hashable, ItemIdentifier: Hashable>:
  DataSourceProtocol
{
  /// The engine's full snapshot.
  public typealias Snapshot = EngineSnapshot<SectionIdentifier, ItemIdentifier>
  /// The engine's section snapshot.
  public typealias SectionSnapshot = EngineSectionSnapshot<ItemIdentifier>

  /// The handlers run around user expand and collapse; none by default.
  public var sectionSnapshotHandlers = SectionSnapshotHandlers<SectionSnapshot>()
  /// The handlers run around user reorders; none by default, which refuses
  /// every drag.
  public var reorderingHandlers = ReorderingHandlers<Snapshot, SectionSnapshot>()
  /// How content-changed items appear in changesets; `.reload` by default.
  public var contentUpdateStyle = ContentUpdateStyle.reload

  /// The current full snapshot, without marks.
  var current = Snapshot()
  /// The stored section snapshots, by section.
  var stored: [SectionIdentifier: SectionSnapshot] = [:]
  /// The sections of `stored`, in the order first stored.
  var storedOrder: [SectionIdentifier] = []
  /// The content of the items of `current`.
  var contents: ContentMap<ItemIdentifier> = [:]

  /// Creates an empty data source with no handlers.
  /// - Complexity: O(1).
  public init() {}

  /// A copy of the current full snapshot, without marks.
  /// - Complexity: O(1) (copy-on-write).
  public func snapshot() -> Snapshot { current }

  /// A copy of the stored section snapshot of `section`; a flat one (the
  /// section's items as roots) when it has none; an empty one when the
  /// section is unknown.
  /// - Complexity: O(1) for a stored one, O(*k*) for a flat one of *k* items.
  public func snapshot(for section: SectionIdentifier) -> SectionSnapshot {
    if let tree = stored[section] { return tree }
    guard let items = try? current.itemIdentifiers(inSection: section) else {
      return SectionSnapshot()
    }
    return Self.flatSnapshot(items)
  }

  /// The content values of the items currently shown.
  /// - Complexity: O(1).
  public var contentMap: ContentMap<ItemIdentifier> { contents }

  /// The sections that have a stored section snapshot, in the order they
  /// were first stored.
  /// - Complexity: O(1).
  public var sectionsWithStoredSnapshots: [SectionIdentifier] { storedOrder }
}

extension EngineDataSource {
  /// Stores `snapshot` for `section`, replacing any stored one.
  mutating func store(_ snapshot: SectionSnapshot, for section: SectionIdentifier) {
    if stored.updateValue(snapshot, forKey: section) == nil {
      storedOrder.append(section)
    }
  }

  /// A section snapshot whose roots are `items`, in order.
  static func flatSnapshot(_ items: [ItemIdentifier]) -> SectionSnapshot {
    var snapshot = SectionSnapshot()
    established { () throws(SnapshotError) in try snapshot.append(items, to: nil) }
    return snapshot
  }

  /// Runs a snapshot operation whose preconditions the caller has
  /// established (unique ids, existing sections); a throw is a bug.
  static func established(_ operation: () throws(SnapshotError) -> Void) {
    do {
      try operation()
    } catch {
      preconditionFailure("EngineDataSource: a checked snapshot operation threw \(error)")
    }
  }
}
