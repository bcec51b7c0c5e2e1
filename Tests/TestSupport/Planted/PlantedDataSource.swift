import SnapshotCore
import SnapshotEngine

/// Data sources with one planted bug each, for the `datasource.` and
/// `reorder.` families.
public enum PlantedDataSource {
  /// `willExpandItem` is never called.
  public struct DropsWillExpand: ForwardingDataSource {
    public init() {}
    public var base = EngineDataSource<Int, Int>()
    public var sectionSnapshotHandlers: SectionSnapshotHandlers<EngineSectionSnapshot<Int>> {
      get { base.sectionSnapshotHandlers }
      set {
        var handlers = newValue
        handlers.willExpandItem = nil
        base.sectionSnapshotHandlers = handlers
      }
    }
  }

  /// `snapshot(for:)` returns the stored tree with everything expanded, so
  /// its `visibleItems` are no longer the section's rows.
  public struct ExpandedSnapshotFor: ForwardingDataSource {
    public init() {}
    public var base = EngineDataSource<Int, Int>()
    public func snapshot(for section: Int) -> EngineSectionSnapshot<Int> {
      var tree = base.snapshot(for: section)
      tree.expand(tree.items)
      return tree
    }
  }

  /// `shouldCollapseItem` is never asked: vetoed collapses happen.
  public struct IgnoresCollapseVeto: ForwardingDataSource {
    public init() {}
    public var base = EngineDataSource<Int, Int>()
    public var sectionSnapshotHandlers: SectionSnapshotHandlers<EngineSectionSnapshot<Int>> {
      get { base.sectionSnapshotHandlers }
      set {
        var handlers = newValue
        handlers.shouldCollapseItem = nil
        base.sectionSnapshotHandlers = handlers
      }
    }
  }

  /// `shouldExpandItem` is never asked: vetoed expands happen.
  public struct IgnoresExpandVeto: ForwardingDataSource {
    public init() {}
    public var base = EngineDataSource<Int, Int>()
    public var sectionSnapshotHandlers: SectionSnapshotHandlers<EngineSectionSnapshot<Int>> {
      get { base.sectionSnapshotHandlers }
      set {
        var handlers = newValue
        handlers.shouldExpandItem = nil
        base.sectionSnapshotHandlers = handlers
      }
    }
  }

  /// Section transactions come first section first.
  public struct ForwardSectionOrder: ForwardingDataSource {
    public init() {}
    public var base = EngineDataSource<Int, Int>()
    public mutating func userReorder(from source: ItemPath, to destination: ItemPath)
      throws(SnapshotError) -> Transaction<EngineSnapshot<Int, Int>, EngineSectionSnapshot<Int>>?
    {
      guard var transaction = try base.userReorder(from: source, to: destination) else {
        return nil
      }
      transaction.sectionTransactions.reverse()
      return transaction
    }
  }

  /// A refused drag still moves the row (after reporting the refusal).
  public struct RefusedDragMoves: ForwardingDataSource {
    public init() {}
    public var base = EngineDataSource<Int, Int>()
    public mutating func userReorder(from source: ItemPath, to destination: ItemPath)
      throws(SnapshotError) -> Transaction<EngineSnapshot<Int, Int>, EngineSectionSnapshot<Int>>?
    {
      var allowing = base
      allowing.reorderingHandlers = ReorderingHandlers(canReorderItem: { _ in true })
      guard let transaction = try base.userReorder(from: source, to: destination) else {
        _ = try? allowing.userReorder(from: source, to: destination)
        let handlers = base.reorderingHandlers
        base = allowing
        base.reorderingHandlers = handlers
        return nil
      }
      return transaction
    }
  }

  /// A dragged parent arrives with its subtree collapsed (flags dropped).
  public struct DragDropsFlags: ForwardingDataSource {
    public init() {}
    public var base = EngineDataSource<Int, Int>()
    public mutating func userReorder(from source: ItemPath, to destination: ItemPath)
      throws(SnapshotError) -> Transaction<EngineSnapshot<Int, Int>, EngineSectionSnapshot<Int>>?
    {
      let rows = base.snapshot().layout
      guard let transaction = try base.userReorder(from: source, to: destination) else {
        return nil
      }
      let item = rows[source.section].items[source.item]
      let section = rows[destination.section].section
      var tree = base.snapshot(for: section)
      if let subtree = try? tree.snapshot(of: item, includingParent: true),
        subtree.items.count > 1
      {
        tree.collapse(subtree.items)
        _ = base.apply(tree, to: section)
      }
      return transaction
    }
  }
}
