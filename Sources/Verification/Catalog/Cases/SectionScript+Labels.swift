import Generators
import SnapshotCore

extension SectionScript {
  /// The classes of the script, found by running it on the reference model:
  /// each command's operation, `invalid command` and `throws <case>`,
  /// `empty argument` (with `, missing target` when the parent or anchor is
  /// missing),
  /// `collapse over expanded descendant`, `expand of collapsed item`,
  /// `delete of expanded subtree`, `re-added after delete`, `replace
  /// children with flags`, `insert snapshot with flags`, `extract with
  /// flags`.
  public var catalogLabels: [String] { labelledRun().labels }

  /// `catalogLabels` and `observations` together, from one run of the
  /// script on the reference model.
  public var catalogDescription: CaseDescription {
    let run = labelledRun()
    return CaseDescription(labels: run.labels, observations: observations(final: run.final))
  }

  /// Runs the script on the reference model: the catalog labels and the
  /// final tree.
  func labelledRun() -> (labels: [String], final: ModelReference.SectionSnapshot) {
    var model: ModelReference.SectionSnapshot = initial.build()
    var labels: [String] = []
    var deleted: Set<Int> = []
    for command in commands {
      if command.hasEmptyArgument { labels.append("empty argument") }
      if command.hasEmptyArgument && SectionScript.missesTarget(command, in: model) {
        labels.append("empty argument, missing target")
      }
      let before = model
      do throws(SnapshotError) {
        _ = try command.apply(to: &model)
      } catch {
        labels += ["invalid command", "throws \(error.caseName)"]
        continue
      }
      labels.append(command.operation)
      labels += SectionScript.expansionLabels(command, before: before, deleted: deleted)
      let kept = Set(model.items)
      for item in before.items where !kept.contains(item) { deleted.insert(item) }
    }
    return (Array(Set(labels)).sorted(), model)
  }

  /// Whether `command` names a parent or an anchor that `tree` lacks.
  static func missesTarget(_ command: SectionCommand, in tree: ModelReference.SectionSnapshot)
    -> Bool
  {
    switch command {
    case .append(_, let parent?): return !tree.contains(parent)
    case .insert(_, let anchor): return !tree.contains(anchor.item)
    default: return false
    }
  }

  static func expansionLabels(
    _ command: SectionCommand, before: ModelReference.SectionSnapshot, deleted: Set<Int>
  ) -> [String] {
    let expanded = Set(before.expandedItems)
    switch command {
    case .collapse(let ids):
      let over = ids.contains { id in
        expanded.contains(id)
          && ((try? before.snapshot(of: id))?.expandedItems.isEmpty == false)
      }
      return over ? ["collapse over expanded descendant"] : []
    case .expand(let ids):
      return ids.contains { before.contains($0) && !expanded.contains($0) }
        ? ["expand of collapsed item"] : []
    case .delete(let ids):
      let subtree = ids.flatMap {
        (try? before.snapshot(of: $0, includingParent: true))?.items ?? []
      }
      return subtree.contains(where: expanded.contains) ? ["delete of expanded subtree"] : []
    case .append(let ids, _), .insert(let ids, _):
      return ids.contains(where: deleted.contains) ? ["re-added after delete"] : []
    case .insertSnapshot(let forest, _):
      return forest.expandedCount > 0 ? ["insert snapshot with flags"] : []
    case .replace(_, let forest):
      return forest.expandedCount > 0 ? ["replace children with flags"] : []
    case .snapshot(let parent, _):
      let sub = (try? before.snapshot(of: parent, includingParent: true))?.expandedItems ?? []
      return sub.isEmpty ? [] : ["extract with flags"]
    case .deleteAll: return []
    }
  }
}
