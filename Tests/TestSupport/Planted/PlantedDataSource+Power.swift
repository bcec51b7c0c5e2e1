import SnapshotCore
import SnapshotEngine
import SnapshotModel

/// Data sources with one planted bug each behind a changeset audit, a
/// setting the user makes, or an invalid user action.
extension PlantedDataSource {
  // MARK: Changeset audits

  /// A toggle's changeset also reloads the toggled row (an expansion-only
  /// change must reload nothing).
  public struct ToggleReloadsRow: ForwardingDataSource {
    public init() {}
    public var base = EngineDataSource<Int, Int>()
    public mutating func userToggle(_ item: Int, in section: Int) throws(SnapshotError)
      -> ToggleOutcome
    {
      let outcome = try base.userToggle(item, in: section)
      guard case .expanded(let changeset) = outcome, let path = path(of: item) else {
        return outcome
      }
      var reload = Changeset.Batch()
      reload.itemReloads = [path]
      return .expanded(Changeset(batches: changeset.batches + [reload]))
    }

    public func path(of item: Int) -> ItemPath? {
      for (index, entry) in base.snapshot().layout.enumerated() {
        if let row = entry.items.firstIndex(of: item) { return ItemPath(section: index, item: row) }
      }
      return nil
    }
  }

  /// An apply's changeset is the naive differ's: correct, but not
  /// move-minimal.
  public struct NaiveApply: ForwardingDataSource {
    public init() {}
    public var base = EngineDataSource<Int, Int>()
    public mutating func apply(_ snapshot: EngineSnapshot<Int, Int>, contents: ContentMap<Int>)
      -> Changeset
    {
      let old = base.snapshot()
      let engine = base.apply(snapshot, contents: contents)
      let naive = ModelDiffer<Int, Int>().changeset(from: Self.model(old), to: Self.model(snapshot))
      return engine.itemMoveCount == 0 ? engine : naive
    }

    public static func model(_ s: EngineSnapshot<Int, Int>) -> ModelSnapshot<Int, Int> {
      var result = ModelSnapshot<Int, Int>()
      try? result.appendSections(s.sectionIdentifiers)
      for (section, items) in s.layout where !items.isEmpty {
        try? result.appendItems(items, toSection: section)
      }
      return result
    }
  }

  // MARK: Settings

  /// `contentUpdateStyle` cannot be changed: content changes always reload.
  public struct IgnoresReconfigureStyle: ForwardingDataSource {
    public init() {}
    public var base = EngineDataSource<Int, Int>()
    public var contentUpdateStyle: ContentUpdateStyle {
      get { base.contentUpdateStyle }
      set {}
    }
  }

  /// Marks on an applied snapshot are dropped before diffing.
  public struct DropsMarks: ForwardingDataSource {
    public init() {}
    public var base = EngineDataSource<Int, Int>()
    public mutating func apply(_ snapshot: EngineSnapshot<Int, Int>, contents: ContentMap<Int>)
      -> Changeset
    {
      var unmarked = snapshot
      unmarked.removeAllMarks()
      return base.apply(unmarked, contents: contents)
    }
  }

  /// A missing `shouldExpandItem` vetoes every expand (it must allow).
  public struct MissingShouldExpandVetoes: ForwardingDataSource {
    public init() {}
    public var base = EngineDataSource<Int, Int>()
    public var sectionSnapshotHandlers: SectionSnapshotHandlers<EngineSectionSnapshot<Int>> {
      get { base.sectionSnapshotHandlers }
      set {
        var handlers = newValue
        if handlers.shouldExpandItem == nil { handlers.shouldExpandItem = { _ in false } }
        base.sectionSnapshotHandlers = handlers
      }
    }
  }

  /// A missing `canReorderItem` allows every drag (it must refuse).
  public struct MissingCanReorderAllows: ForwardingDataSource {
    public init() {}
    public var base = EngineDataSource<Int, Int>()
    public var reorderingHandlers:
      ReorderingHandlers<EngineSnapshot<Int, Int>, EngineSectionSnapshot<Int>>
    {
      get { base.reorderingHandlers }
      set {
        var handlers = newValue
        if handlers.canReorderItem == nil { handlers.canReorderItem = { _ in true } }
        base.reorderingHandlers = handlers
      }
    }
  }

  // MARK: Invalid actions

  /// A tap on a row hidden under a collapsed ancestor expands it (it must
  /// be ignored).
  public struct ExpandsHiddenRow: ForwardingDataSource {
    public init() {}
    public var base = EngineDataSource<Int, Int>()
    public mutating func userToggle(_ item: Int, in section: Int) throws(SnapshotError)
      -> ToggleOutcome
    {
      var tree = base.snapshot(for: section)
      let rows = (try? base.snapshot().itemIdentifiers(inSection: section)) ?? []
      guard tree.contains(item), !rows.contains(item), (try? tree.isExpanded(item)) == false else {
        return try base.userToggle(item, in: section)
      }
      tree.expand([item])
      return .expanded(base.apply(tree, to: section))
    }
  }

  /// A drop at the row's own position is refused (it must be a drag with
  /// empty differences).
  public struct RefusesDropOntoItself: ForwardingDataSource {
    public init() {}
    public var base = EngineDataSource<Int, Int>()
    public mutating func userReorder(from source: ItemPath, to destination: ItemPath)
      throws(SnapshotError) -> Transaction<EngineSnapshot<Int, Int>, EngineSectionSnapshot<Int>>?
    {
      let layout = base.snapshot().layout
      let isRow =
        layout.indices.contains(source.section)
        && layout[source.section].items.indices.contains(source.item)
      if source == destination, isRow { return nil }
      return try base.userReorder(from: source, to: destination)
    }
  }
}
