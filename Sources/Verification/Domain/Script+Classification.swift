import Generators
import SnapshotCore
import SnapshotModel

extension FullScript {
  /// Coverage labels, computed on the reference model: `throws` (some
  /// command was rejected), `crossSectionMoveItem`, `moveSection`,
  /// `deleteAllItems`, `reinsertedItem` (an item deleted then inserted
  /// again), `emptyStart`.
  public var labels: [String] {
    var model = start(as: ModelSnapshot<Int, Int>.self)
    var labels: [String] = initial.isEmpty ? ["emptyStart"] : []
    var deleted: [Int] = []
    for command in commands {
      switch command {
      case .moveItem(let item, let anchor):
        let from = model.sectionIdentifier(containingItem: item)
        let to = model.sectionIdentifier(containingItem: anchor.item)
        if let from, let to, from != to { labels.append("crossSectionMoveItem") }
      case .moveSection: labels.append("moveSection")
      case .deleteAllItems: labels.append("deleteAllItems")
      case .deleteItems(let ids): deleted += ids.filter { model.indexOfItem($0) != nil }
      case .appendItems(let ids, _), .insertItems(let ids, _):
        if ids.contains(where: deleted.contains) { labels.append("reinsertedItem") }
      default: break
      }
      do throws(SnapshotError) { try command.apply(to: &model) } catch { labels.append("throws") }
    }
    return labels
  }

  /// Histogram samples: each command's operation (`command`), the command
  /// count (`commands`, by tens), the final item and section counts.
  public var observations: [Observation] {
    let model = finalModel
    return commands.map { Observation("command", $0.operation) } + [
      .value("commands", commands.count / 10 * 10),
      .value("items", model.numberOfItems / 10 * 10),
      .value("sections", model.numberOfSections),
    ]
  }
}

extension SectionScript {
  /// Coverage labels, computed on the reference model: `throws`,
  /// `collapseOverExpandedDescendant` (collapsing an item that has an
  /// expanded descendant), `deleteSubtree` (deleting an item with
  /// children), `replaceChildren`, `insertSnapshot`, `emptyStart`.
  public var labels: [String] {
    var tree = initial.build(as: ModelSectionSnapshot<Int>.self)
    var labels: [String] = initial.roots.isEmpty ? ["emptyStart"] : []
    for command in commands {
      switch command {
      case .collapse(let ids):
        for id in ids where tree.contains(id) {
          let below = (try? tree.snapshot(of: id).expandedItems) ?? []
          if !below.isEmpty { labels.append("collapseOverExpandedDescendant") }
        }
      case .delete(let ids):
        if ids.contains(where: { !((try? tree.snapshot(of: $0).items) ?? []).isEmpty }) {
          labels.append("deleteSubtree")
        }
      case .replace: labels.append("replaceChildren")
      case .insertSnapshot: labels.append("insertSnapshot")
      default: break
      }
      do throws(SnapshotError) { try command.apply(to: &tree) } catch { labels.append("throws") }
    }
    return labels
  }

  /// Histogram samples: each command's operation, the start tree's depth,
  /// and the final tree's depth, expanded count and size (by tens).
  public var observations: [Observation] {
    observations(final: run(as: ModelSectionSnapshot<Int>.self))
  }

  /// The histogram samples, given the final tree `tree` (the script run
  /// on the reference model), read through its queries: the depth is the
  /// deepest `level(of:)` (-1 when empty).
  /// - Complexity: O(*n* · *q*), *n* the final items and *q* the cost of
  ///   `level(of:)`.
  func observations(final tree: ModelSectionSnapshot<Int>) -> [Observation] {
    let items = tree.items
    let depth = items.compactMap { try? tree.level(of: $0) }.max() ?? -1
    return commands.map { Observation("command", $0.operation) } + [
      .value("startDepth", initial.depth),
      .value("depth", depth),
      .value("expanded", tree.expandedItems.count),
      .value("items", items.count / 10 * 10),
    ]
  }
}

extension DataSourceScript {
  /// Coverage labels, computed on the reference data source:
  /// `reorderOfParent` (a committed drag of a row with children),
  /// `crossSectionReorder`, `refusedReorder`, `vetoedToggle`, `expanded`,
  /// `collapsed`, `throws`.
  public var labels: [String] {
    var dataSource = ModelDataSource<Int, Int>()
    configure(&dataSource)
    var labels: [String] = []
    for command in commands {
      if case .userReorder(let from, let to) = command,
        let row = dataSource.snapshot().layout.dropFirst(from.section).first?.items
          .dropFirst(from.item).first
      {
        let section = dataSource.snapshot().sectionIdentifiers[from.section]
        let children = (try? dataSource.snapshot(for: section).snapshot(of: row).items) ?? []
        if !children.isEmpty { labels.append("reorderOfParent") }
        if from.section != to.section { labels.append("crossSectionReorder") }
      }
      do throws(SnapshotError) {
        switch try command.perform(on: &dataSource) {
        case .reorder(nil): labels.append("refusedReorder")
        case .toggle(.vetoed): labels.append("vetoedToggle")
        case .toggle(.expanded): labels.append("expanded")
        case .toggle(.collapsed): labels.append("collapsed")
        default: break
        }
      } catch {
        labels.append("throws")
      }
    }
    return labels
  }

  /// Histogram samples: each command's operation and the command count.
  public var observations: [Observation] {
    commands.map { Observation("command", $0.operation) } + [.value("commands", commands.count)]
  }
}

extension DiffPair {
  /// Coverage labels: `crossSectionMove`, `sectionMove`, `contentChange`,
  /// `reconfigure`, `marks`, `unchanged` (no edits).
  public var labels: [String] {
    var model = oldSnapshot(as: ModelSnapshot<Int, Int>.self)
    var labels: [String] = edits.isEmpty ? ["unchanged"] : []
    for edit in edits {
      switch edit {
      case .moveItem(let item, let anchor):
        if model.sectionIdentifier(containingItem: item)
          != model.sectionIdentifier(containingItem: anchor.item)
        {
          labels.append("crossSectionMove")
        }
      case .moveSection: labels.append("sectionMove")
      case .reloadItems, .reconfigureItems, .reloadSections: labels.append("marks")
      default: break
      }
      try? edit.apply(to: &model)
    }
    if !contentChanged.isEmpty { labels.append("contentChange") }
    if contentUpdate == .reconfigure { labels.append("reconfigure") }
    return labels
  }

  /// Histogram samples: the edit count and the old item count (by tens).
  public var observations: [Observation] {
    [
      .value("edits", edits.count),
      .value("oldItems", oldSnapshot(as: ModelSnapshot<Int, Int>.self).numberOfItems / 10 * 10),
    ]
  }
}
