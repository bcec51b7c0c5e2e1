import Generators
import SnapshotModel

extension BatchViolation {
  /// The rule broken, as the case's name (e.g. `repeatedItemInData`): the
  /// failure kind of a changeset that breaks it, values left out.
  var ruleName: String {
    switch self {
    case .sectionIndexOutOfRange: return "sectionIndexOutOfRange"
    case .sectionDeletedTwice: return "sectionDeletedTwice"
    case .sectionInsertedTwice: return "sectionInsertedTwice"
    case .sectionMovedFromTwice: return "sectionMovedFromTwice"
    case .sectionMovedToTwice: return "sectionMovedToTwice"
    case .sectionReloadedTwice: return "sectionReloadedTwice"
    case .sectionDeleteAndMove: return "sectionDeleteAndMove"
    case .sectionInsertAndMove: return "sectionInsertAndMove"
    case .sectionReloadOfMovedOrDeleted: return "sectionReloadOfMovedOrDeleted"
    case .sectionCountMismatch: return "sectionCountMismatch"
    case .indexOutOfRange: return "indexOutOfRange"
    case .deletedTwice: return "deletedTwice"
    case .insertedTwice: return "insertedTwice"
    case .movedFromTwice: return "movedFromTwice"
    case .movedToTwice: return "movedToTwice"
    case .reloadedTwice: return "reloadedTwice"
    case .reconfiguredTwice: return "reconfiguredTwice"
    case .deleteAndMoveFromSame: return "deleteAndMoveFromSame"
    case .insertAndMoveToSame: return "insertAndMoveToSame"
    case .reloadOfMovedOrDeletedItem: return "reloadOfMovedOrDeletedItem"
    case .reloadAndReconfigureSame: return "reloadAndReconfigureSame"
    case .countMismatch: return "countMismatch"
    case .repeatedSectionInData: return "repeatedSectionInData"
    case .repeatedItemInData: return "repeatedItemInData"
    case .stageDataNotReached: return "stageDataNotReached"
    case .lastStageIsNotTarget: return "lastStageIsNotTarget"
    case .reloadInStructuralBatch: return "reloadInStructuralBatch"
    case .unsortedBatch: return "unsortedBatch"
    }
  }

  /// Whether UIKit raises on it (`NSInternalInconsistencyException`, or a
  /// data source that cannot report a repeated id): every batch rule and
  /// repeated stage data; not a stage whose data the batch does not reach
  /// or a last stage off the target (wrong cells, no exception), nor the
  /// project's shape rules.
  var raises: Bool {
    switch self {
    case .stageDataNotReached, .lastStageIsNotTarget, .reloadInStructuralBatch, .unsortedBatch,
      .reloadAndReconfigureSame:
      return false
    default:
      return true
    }
  }

  /// Whether the rule is about a reload or a reconfigure (an index out of
  /// range, a repeat, a refresh of a moved or deleted index): what a user
  /// fixes is then the differ's refreshes, the same culprit as a wrong
  /// set of refreshes (`diff.refresh`), so the two are one cause.
  var concernsRefreshes: Bool {
    switch self {
    case .indexOutOfRange(_, let operation, _):
      return operation == .reload || operation == .reconfigure
    case .sectionIndexOutOfRange(_, let operation, _): return operation == .reload
    case .reloadedTwice, .reconfiguredTwice, .sectionReloadedTwice, .reloadOfMovedOrDeletedItem,
      .sectionReloadOfMovedOrDeleted, .reloadAndReconfigureSame:
      return true
    default:
      return false
    }
  }

  /// The failure kind of a changeset that breaks this rule: a rule about
  /// refreshes is blamed on the differ's refreshes, any other on the rule.
  var failureKind: FailureKind {
    FailureKind(
      .differ(rule: concernsRefreshes ? "refresh" : "batch rule \(ruleName)"),
      severity: raises ? .raises : .wrong)
  }
}

extension InterpretedUpdate {
  /// The kind of an incorrect update: its most severe violation (the
  /// first one UIKit raises on, else the first), else a result that is not
  /// the target, else identity loss; `nil` when it is correct.
  var failureKind: FailureKind? {
    if let violation = violations.first(where: \.raises) ?? violations.first {
      return violation.failureKind
    }
    if !roundTrips { return FailureKind(.differ(rule: "result is not the target")) }
    if !identityViolations.isEmpty {
      return FailureKind(.differ(rule: "identity"), severity: .identity)
    }
    return nil
  }
}
