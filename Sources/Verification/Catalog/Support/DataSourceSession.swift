import Generators
import SnapshotCore
import SnapshotModel

/// One data-source script run on one implementation, configured by the
/// script (its content update style and handlers, every call logged),
/// recording for each command what a property needs: the outcome, the state
/// after, the handler calls, the problems found per rule and the case's
/// classes.
struct DataSourceSession {
  /// A rule checked on one implementation alone.
  enum Rule: String, CaseIterable, Sendable {
    case changesetCorrect, refreshExact, minimalMoves, visibleRows, vetoesChangeNothing
    case lazyChildren, applyThenSnapshotFor, userCollapseExpand, toggleChangeset
    case differencesApply, refusedChangesNothing, subtreeCarried, storedTreesRebased
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
    /// The reference's own invariant violations after the command (empty
    /// for a data source that is not a `ReferenceInvariants`).
    var referenceBroken: [String] = []
  }

  var steps: [Step] = []
  var labels: [String] = []

  /// Runs `script` on a fresh `D`, checking `rules` after every command
  /// (every rule by default); stops after a command that leaves a
  /// `ReferenceInvariants` data source broken. Each step's state reads what
  /// a section snapshot with `capabilities` has (default: `D`'s own), so
  /// that the reference's session describes only what the implementation's
  /// can.
  init<D: DataSourceProtocol>(
    _ script: DataSourceScript, as type: D.Type, sections: Int,
    rules: [Rule] = Rule.allCases, reading capabilities: SectionSnapshotCapabilities? = nil
  ) where D.Section == Int, D.Item == Int {
    let log = HandlerLog()
    var dataSource = D()
    script.configure(
      &dataSource, log: { log.entries.append($0) }, loaded: { log.lazyChildren[$0] = $1 })
    var contents: ContentMap<Int> = [:]
    for command in script.commands {
      let before = dataSource
      log.entries = []
      let result = Result { () throws(SnapshotError) in try command.perform(on: &dataSource) }
      var step = Step(
        call: command.swiftCall(on: "d"), outcome: "", transaction: "",
        state: DataSourceSession.state(dataSource, sections: sections, capabilities: capabilities),
        log: log.entries,
        problems: [:])
      var audit = DataSourceAudit(
        before: before, after: dataSource, command: command, log: log, sections: sections)
      audit.script = script
      audit.contents = contents
      step.outcome = audit.outcome(result)
      step.transaction = audit.transactionText
      step.problems = audit.problems(rules)
      step.referenceBroken = (dataSource as? any ReferenceInvariants)?.invariantViolations() ?? []
      contents = audit.contentsAfter
      labels += audit.labels
      steps.append(step)
      // A broken reference is not run further: its later outcomes mean
      // nothing, and its code may trap on the state it broke.
      if !step.referenceBroken.isEmpty { break }
    }
  }

  /// `snapshot()` and every `snapshot(for:)` as text, reading what a
  /// section snapshot with `capabilities` (default: `D`'s own) has.
  static func state<D: DataSourceProtocol>(
    _ d: D, sections: Int, capabilities: SectionSnapshotCapabilities? = nil
  ) -> String
  where D.Section == Int, D.Item == Int {
    let ids = StateText.identifiers
    var lines = d.snapshot().layout.map {
      "section \(ids.section($0.section)): \(ids.items($0.items))"
    }
    for section in 0...sections {
      let tree = d.snapshot(for: section)
      guard !tree.items.isEmpty else { continue }
      lines.append("snapshot(for: \(ids.section(section))):")
      lines += StateText.section(tree, universe: 0, ids: [], capabilities: capabilities)
        .split(separator: "\n")
        .prefix { !$0.hasPrefix("items:") }.map { "  " + $0 }
      lines.append("  visible: \(ids.items(tree.visibleItems))")
    }
    return lines.joined(separator: "\n")
  }
}

/// A reference data source that checks its own invariants: the naive
/// `ModelDataSource`, whose violations `datasource.differential` reports as
/// "reference model broken" (tests plant a broken one through
/// `CatalogBuilder.dataSourceDifferential(reference:)`).
protocol ReferenceInvariants {
  /// What is wrong with the data source's state, empty when it is sound.
  func invariantViolations() -> [String]
}

extension ModelDataSource: ReferenceInvariants {}
