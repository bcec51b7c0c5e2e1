import Generators
import SnapshotCore
import SnapshotModel

/// A data-source script run on one data source alone, with the audit of
/// every command: the classes of a case (read from its run on the
/// reference data source), and the rule problems of a command.
enum DataSourceSession {
  /// A rule checked on one implementation alone.
  enum Rule: String, CaseIterable, Sendable {
    case changesetCorrect, refreshExact, minimalMoves, visibleRows, vetoesChangeNothing
    case lazyChildren, applyThenSnapshotFor, userCollapseExpand, toggleChangeset
    case differencesApply, refusedChangesNothing, subtreeCarried, storedTreesRebased
  }

  /// The classes of `script`, from its run on the reference data source.
  static func labels(_ script: DataSourceScript, sections: Int) -> [String] {
    let log = HandlerLog()
    var dataSource = ModelDataSource<Int, Int>()
    log.configure(&dataSource, script)
    var contents: ContentMap<Int> = [:]
    var labels: [String] = []
    for command in script.commands {
      let before = dataSource
      log.calls = []
      let result = Result { () throws(SnapshotError) in try command.perform(on: &dataSource) }
      var audit = DataSourceAudit(
        before: before, after: dataSource, command: command, log: log, sections: sections,
        literals: .numbers)
      audit.script = script
      audit.contents = contents
      audit.record(result)
      contents = audit.contentsAfter
      labels += audit.labels
    }
    return labels
  }
}
