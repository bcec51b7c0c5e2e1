import Generators
import SnapshotCore
import SnapshotModel

/// One data-source script run on one implementation, with the handlers of
/// the catalog installed (vetoes and refusals from the script, a lazy
/// `snapshotForExpandingParent`, every call logged), recording for each
/// command what a property needs: the outcome, the state after, the
/// handler calls, the problems found per rule and the case's classes.
struct DataSourceSession {
  /// A rule checked on one implementation alone.
  enum Rule: String, CaseIterable, Sendable {
    case changesetCorrect, visibleRows, vetoesChangeNothing, lazyChildren
    case applyThenSnapshotFor, userCollapseExpand, toggleChangeset
    case differencesApply, refusedChangesNothing, subtreeCarried
  }

  /// What one command did.
  struct Step {
    var call: String
    /// The outcome without implementation-specific changesets.
    var outcome: String
    /// The full transaction of a drag (difference and section
    /// transactions).
    var transaction: String
    /// `snapshot()` and `snapshot(for:)` of every section, after.
    var state: String
    var log: [String]
    var problems: [Rule: String]
  }

  /// The lazy children `snapshotForExpandingParent` gives an item that has
  /// none: one new child, `lazyBase + item`, outside the generators' ids.
  static let lazyBase = 100

  var steps: [Step] = []
  var labels: [String] = []

  init<D: DataSourceProtocol>(
    _ script: DataSourceScript, as type: D.Type, sections: Int
  ) where D.Section == Int, D.Item == Int {
    let log = HandlerLog()
    var dataSource = D()
    DataSourceSession.install(script, log: log, on: &dataSource)
    for command in script.commands {
      let before = dataSource
      log.entries = []
      let result = Result { () throws(SnapshotError) in try command.perform(on: &dataSource) }
      var step = Step(
        call: command.swiftCall(on: "d"), outcome: "", transaction: "",
        state: DataSourceSession.state(dataSource, sections: sections), log: log.entries,
        problems: [:])
      var audit = DataSourceAudit(
        before: before, after: dataSource, command: command, log: log, sections: sections)
      step.outcome = audit.outcome(result)
      step.transaction = audit.transactionText
      step.problems = audit.problems()
      labels += audit.labels
      steps.append(step)
    }
  }

  /// Installs the catalog's handlers.
  static func install<D: DataSourceProtocol>(
    _ script: DataSourceScript, log: HandlerLog, on dataSource: inout D
  ) where D.Item == Int {
    let refused = script.refusedReorders
    let vetoed = script.vetoedToggles
    dataSource.sectionSnapshotHandlers.shouldExpandItem = { item in
      log.entries.append("shouldExpandItem(\(item))")
      return !vetoed.contains(item)
    }
    dataSource.sectionSnapshotHandlers.willExpandItem = { log.entries.append("willExpandItem(\($0))") }
    dataSource.sectionSnapshotHandlers.shouldCollapseItem = { item in
      log.entries.append("shouldCollapseItem(\(item))")
      return !vetoed.contains(item)
    }
    dataSource.sectionSnapshotHandlers.willCollapseItem = {
      log.entries.append("willCollapseItem(\($0))")
    }
    dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { item, children in
      log.entries.append("snapshotForExpandingParent(\(item), \(children.items))")
      guard children.items.isEmpty, item < lazyBase else {
        log.lazyChildren[item] = children.rootItems
        return children
      }
      var loaded = D.SectionSnapshot()
      try? loaded.append([lazyBase + item], to: nil)
      log.lazyChildren[item] = loaded.rootItems
      return loaded
    }
    dataSource.reorderingHandlers.canReorderItem = { item in
      log.entries.append("canReorderItem(\(item))")
      return !refused.contains(item)
    }
    dataSource.reorderingHandlers.willReorder = { transaction in
      log.entries.append("willReorder(\(transaction.finalSnapshot.itemIdentifiers))")
    }
    dataSource.reorderingHandlers.didReorder = { transaction in
      log.entries.append("didReorder(\(transaction.finalSnapshot.itemIdentifiers))")
    }
  }

  /// `snapshot()` and every `snapshot(for:)` as text.
  static func state<D: DataSourceProtocol>(_ d: D, sections: Int) -> String
  where D.Section == Int, D.Item == Int {
    var lines = d.snapshot().layout.map { "section \($0.section): \($0.items)" }
    for section in 0...sections {
      let tree = d.snapshot(for: section)
      guard !tree.items.isEmpty else { continue }
      lines.append("snapshot(for: \(section)):")
      lines += StateText.section(tree, universe: 0, ids: []).split(separator: "\n")
        .prefix { !$0.hasPrefix("items:") }.map { "  " + $0 }
      lines.append("  visible: \(tree.visibleItems)")
    }
    return lines.joined(separator: "\n")
  }
}
