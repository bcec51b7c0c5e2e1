import SnapshotCore

extension FullCase {
  /// The classes of the case, found by running it on the reference model:
  /// each step's kind, `invalid command` and `throws <case>` for rejected
  /// steps, `cross-section move` (a move or re-insert of an existing item
  /// into another section), `existing item moved by insert` (R-exists),
  /// `section move`, `deleteAllItems`.
  public var labels: [String] {
    var model = ModelReference.Snapshot()
    var labels: [String] = []
    for (index, step) in allSteps.enumerated() {
      let scripted = index >= setup.count
      let before = model
      do throws(SnapshotError) {
        try step.apply(to: &model)
      } catch {
        if scripted {
          labels += ["invalid command", "throws \(StateText.caseName(error))"]
        }
        continue
      }
      guard scripted else { continue }
      labels.append(step.kind.rawValue)
      labels += FullCase.moveLabels(step, before: before, after: model)
    }
    return Array(Set(labels)).sorted()
  }

  static func moveLabels(
    _ step: FullStep, before: ModelReference.Snapshot, after: ModelReference.Snapshot
  ) -> [String] {
    var labels: [String] = []
    switch step.kind {
    case .moveSectionBefore, .moveSectionAfter: labels.append("section move")
    case .deleteAllItems: labels.append("deleteAllItems")
    default: break
    }
    let moved = step.kind == .moveItemBefore || step.kind == .moveItemAfter
    for item in step.ids {
      guard let from = before.sectionIdentifier(containingItem: item),
        let to = after.sectionIdentifier(containingItem: item)
      else { continue }
      if from != to { labels.append("cross-section move") }
      if !moved && step.kind != .reloadItems && step.kind != .reconfigureItems
        && step.kind != .deleteItems
      {
        labels.append("existing item moved by insert")
      }
    }
    return labels
  }
}
