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
    var labelling = Labelling(script: script, sections: sections)
    for command in script.commands {
      let before = dataSource
      log.calls = []
      let result = Result { () throws(SnapshotError) in try command.perform(on: &dataSource) }
      labelling.record(command, before: before, after: dataSource, result, log: log)
    }
    return labelling.labels
  }

  /// The classes of a script's run on the reference data source, step by
  /// step: `labels(_:sections:)` runs it alone, a data-source check reads
  /// them off the differential's reference steps (so the case is not run
  /// again for its statistics).
  struct Labelling {
    let script: DataSourceScript
    let sections: Int
    /// The classes so far, in step order.
    private(set) var labels: [String] = []
    /// The reference's steps classified so far.
    private var steps = 0
    /// Whether a step was missed (its classes are then unknown).
    private var missed = false

    init(script: DataSourceScript, sections: Int) {
      self.script = script
      self.sections = sections
    }

    /// Classifies a command the reference ran from `before` to `after`,
    /// with `result` and the handler calls in `log`.
    mutating func record(
      _ command: DataSourceCommand, before: ModelDataSource<Int, Int>,
      after: ModelDataSource<Int, Int>, _ result: Result<DataSourceOutcome, SnapshotError>,
      log: HandlerLog
    ) {
      var audit = DataSourceAudit(
        before: before, after: after, command: command, log: log, sections: sections,
        literals: .numbers)
      audit.script = script
      audit.contents = before.contentMap
      audit.record(result)
      labels += audit.labels
      steps += 1
    }

    /// Classifies a step of the data-source differential's reference
    /// (`log` is the reference's, holding the step's calls). A step out of
    /// order, from a rebuilt reference, or one the run does not go on from
    /// makes the classes unknown.
    mutating func record<C>(
      _ step: Differential<
        DataSourceReference, C, DataSourceCommand, DataSourceReturn, DataSourceState
      >.ReferenceStep, log: HandlerLog
    ) {
      guard !missed, step.index == steps, step.follows, step.kept else {
        missed = true
        return
      }
      let result: Result<DataSourceOutcome, SnapshotError>
      switch step.outcome {
      case .returned(let returned):
        guard let outcome = returned.outcome else {
          missed = true
          return
        }
        result = .success(outcome)
      case .threw(let error): result = .failure(error)
      case .skipped:
        missed = true
        return
      }
      record(step.command, before: step.before.model, after: step.after.model, result, log: log)
    }

    /// The classes of the whole script of `count` commands, or `nil` when
    /// a step was missed or the run stopped early.
    func labels(of count: Int) -> [String]? {
      !missed && steps == count ? labels : nil
    }
  }
}
