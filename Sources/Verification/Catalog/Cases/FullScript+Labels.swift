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
    for command in commands {
      if command.hasEmptyArgument { labels.append("empty argument") }
      let before = model
      do throws(SnapshotError) {
        try command.apply(to: &model)
      } catch {
        labels += ["invalid command", "throws \(StateText.caseName(error))"]
        continue
      }
      labels.append(command.operation)
      labels += FullScript.moveLabels(command, before: before, after: model)
    }
    return Array(Set(labels)).sorted()
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
