import Generators
import SnapshotCore

extension FullScript {
  /// The classes of the script, found by running it on the reference model:
  /// each command's operation, `invalid command` and `throws <case>` for
  /// rejected commands, `cross-section move` (a move or re-insert of an
  /// existing item into another section), `existing item moved by insert`
  /// (R-exists), `section move`, `deleteAllItems`.
  public var catalogLabels: [String] {
    var model: ModelReference.Snapshot = start()
    var labels: [String] = []
    var deletedInBulk = false
    if model.numberOfItems >= FullScript.bulkItems.lowerBound { labels.append("bulk section") }
    for command in commands {
      if command.hasEmptyArgument { labels.append("empty argument") }
      if command.hasEmptyArgument && FullScript.missesTarget(command, in: model) {
        labels.append("empty argument, missing target")
      }
      let before = model
      let bulk = before.numberOfItems >= FullScript.bulkItems.lowerBound
      do throws(SnapshotError) {
        try command.apply(to: &model)
      } catch {
        labels += ["invalid command", "throws \(error.caseName)"]
        if bulk && deletedInBulk, case .duplicateInArgument = error {
          labels.append("bulk repeated id after deletes")
        }
        continue
      }
      labels.append(command.operation)
      labels += FullScript.moveLabels(command, before: before, after: model)
      if bulk, case .deleteItems(let ids) = command, ids.count > 1 { deletedInBulk = true }
      if bulk, case .insertItems(let ids, _) = command, ids.count >= 16 {
        labels.append("bulk long run inserted")
      }
      if bulk, case .moveItem(let item, _) = command,
        let from = before.indexOfItem(item), let to = model.indexOfItem(item), abs(from - to) >= 8
      {
        labels.append("bulk move across groups")
      }
    }
    return Array(Set(labels)).sorted()
  }

  /// Whether `command` names a section or an anchor that `snapshot`
  /// lacks (or appends with no section at all).
  static func missesTarget(_ command: FullCommand, in snapshot: ModelReference.Snapshot) -> Bool {
    switch command {
    case .appendItems(_, let section):
      return section.map { snapshot.indexOfSection($0) == nil } ?? (snapshot.numberOfSections == 0)
    case .insertItems(_, let anchor): return snapshot.indexOfItem(anchor.item) == nil
    case .insertSections(_, let anchor): return snapshot.indexOfSection(anchor.section) == nil
    default: return false
    }
  }

  static func moveLabels(
    _ command: FullCommand, before: ModelReference.Snapshot, after: ModelReference.Snapshot
  ) -> [String] {
    var labels: [String] = []
    let ids: [Int]
    var inserted = false
    switch command {
    case .moveSection: labels.append("section move")
    case .deleteAllItems: labels.append("deleteAllItems")
    default: break
    }
    switch command {
    case .moveItem(let item, _): ids = [item]
    case .appendItems(let items, _), .insertItems(let items, _):
      ids = items
      inserted = true
    default: ids = []
    }
    for item in ids {
      guard let from = before.sectionIdentifier(containingItem: item),
        let to = after.sectionIdentifier(containingItem: item)
      else { continue }
      if from != to { labels.append("cross-section move") }
      if inserted { labels.append("existing item moved by insert") }
    }
    return labels
  }

  /// Every command of the script, the setup included.
  var allCommands: [FullCommand] { setupCommands + commands }
}
