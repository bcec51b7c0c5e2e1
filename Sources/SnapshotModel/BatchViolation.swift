import SnapshotCore

/// One batch-update rule a `Changeset` breaks (SPEC §3, semantics E.3): what
/// would raise `NSInternalInconsistencyException` in `performBatchUpdates`.
///
/// Every case names the batch (its index in `Changeset.batches`) and the
/// offending index or path, in that batch's conventions: deletes, move
/// sources, reloads and reconfigures at before-indices; inserts and move
/// destinations at after-indices.
public enum BatchViolation: Hashable, Sendable, CustomStringConvertible {
  /// Which list of a batch an index came from.
  public enum Operation: String, Hashable, Sendable, CustomStringConvertible {
    /// A delete (before-index).
    case delete
    /// An insert (after-index).
    case insert
    /// The source of a move (before-index).
    case moveFrom
    /// The destination of a move (after-index).
    case moveTo
    /// A reload (before-index).
    case reload
    /// A reconfigure (before-index).
    case reconfigure

    // coverage: only broken code (failure text)
    /// The case name, e.g. `moveFrom`.
    public var description: String { rawValue }
  }

  // MARK: Sections

  /// A section index outside the section count of its side of the batch.
  case sectionIndexOutOfRange(batch: Int, Operation, section: Int)
  /// The same before-index is deleted twice.
  case sectionDeletedTwice(batch: Int, section: Int)
  /// The same after-index is inserted twice.
  case sectionInsertedTwice(batch: Int, section: Int)
  /// The same before-index is the source of two moves.
  case sectionMovedFromTwice(batch: Int, section: Int)
  /// The same after-index is the destination of two moves.
  case sectionMovedToTwice(batch: Int, section: Int)
  /// The same before-index is reloaded twice.
  case sectionReloadedTwice(batch: Int, section: Int)
  /// A before-index is both deleted and moved ("attempt to perform a delete
  /// and a move from the same section").
  case sectionDeleteAndMove(batch: Int, section: Int)
  /// An after-index is both inserted and moved to ("attempt to perform an
  /// insert and a move to the same section").
  case sectionInsertAndMove(batch: Int, section: Int)
  /// A reloaded section is also deleted or moved in the same batch.
  case sectionReloadOfMovedOrDeleted(batch: Int, section: Int)
  /// The section count after the batch is not
  /// `before − deleted + inserted`.
  case sectionCountMismatch(batch: Int, expected: Int, actual: Int)

  // MARK: Items

  /// An item path outside its side of the batch (missing section or item).
  case indexOutOfRange(batch: Int, Operation, ItemPath)
  /// The same before-path is deleted twice.
  case deletedTwice(batch: Int, ItemPath)
  /// The same after-path is inserted twice.
  case insertedTwice(batch: Int, ItemPath)
  /// The same before-path is the source of two moves.
  case movedFromTwice(batch: Int, ItemPath)
  /// The same after-path is the destination of two moves.
  case movedToTwice(batch: Int, ItemPath)
  /// The same before-path is reloaded twice.
  case reloadedTwice(batch: Int, ItemPath)
  /// The same before-path is reconfigured twice.
  case reconfiguredTwice(batch: Int, ItemPath)
  /// A before-path is both deleted and moved ("attempt to perform a delete
  /// and a move from the same index path").
  case deleteAndMoveFromSame(batch: Int, ItemPath)
  /// An after-path is both inserted and moved to ("attempt to perform an
  /// insert and a move to the same index path").
  case insertAndMoveToSame(batch: Int, ItemPath)
  /// A reloaded or reconfigured before-path is also deleted, moved, or lies
  /// in a deleted section ("attempt to delete and reload the same index
  /// path"; a reload of a moved item).
  case reloadOfMovedOrDeletedItem(batch: Int, Operation, ItemPath)
  /// A before-path is both reloaded and reconfigured.
  case reloadAndReconfigureSame(batch: Int, ItemPath)
  /// The count rule fails for the surviving section at after-index
  /// `section`: its target count is `expected`, but
  /// `before − deleted + inserted − movedOut + movedIn` is `actual`.
  case countMismatch(batch: Int, section: Int, expected: Int, actual: Int)

  // MARK: Stage data (staged changesets and plain arrays)

  /// The data a stage reports (or, with `batch == nil`, the data before the
  /// first stage) holds a section id twice: a collection view's data
  /// source cannot report that consistently.
  case repeatedSectionInData(batch: Int?, section: String)
  /// The data a stage reports (or, with `batch == nil`, the data before the
  /// first stage) holds an item id twice, in one section or in two ("invalid
  /// number of items" crashes of staged differs came from exactly this).
  case repeatedItemInData(batch: Int?, item: String)
  /// Performing the stage's batch over the previous state does not give the
  /// stage's own data: the cells shown would not be the ones reported.
  case stageDataNotReached(batch: Int, reached: String, reported: String)
  /// The last stage's data is not the new snapshot.
  case lastStageIsNotTarget(batch: Int)

  // MARK: Changeset shape (the project's contract; UIKit accepts these)

  /// Reloads or reconfigures share a batch with structural updates; the
  /// project's differs put them in a separate, later batch (SPEC §3).
  case reloadInStructuralBatch(batch: Int)
  /// A list of the batch is not sorted ascending (moves by source), as
  /// producers emit them (`Changeset.normalized()`).
  case unsortedBatch(batch: Int)

  // coverage: only broken code (failure text)
  /// A one-line description in the spirit of UIKit's exception reason.
  public var description: String {
    switch self {
    case .sectionIndexOutOfRange(let batch, let operation, let section):
      return "batch \(batch): \(operation) of section \(section), which does not exist"
    case .sectionDeletedTwice(let batch, let section):
      return "batch \(batch): section \(section) deleted twice"
    case .sectionInsertedTwice(let batch, let section):
      return "batch \(batch): section \(section) inserted twice"
    case .sectionMovedFromTwice(let batch, let section):
      return "batch \(batch): section \(section) moved from twice"
    case .sectionMovedToTwice(let batch, let section):
      return "batch \(batch): section \(section) moved to twice"
    case .sectionReloadedTwice(let batch, let section):
      return "batch \(batch): section \(section) reloaded twice"
    case .sectionDeleteAndMove(let batch, let section):
      return
        "batch \(batch): attempt to perform a delete and a move from the same section (\(section))"
    case .sectionInsertAndMove(let batch, let section):
      return
        "batch \(batch): attempt to perform an insert and a move to the same section (\(section))"
    case .sectionReloadOfMovedOrDeleted(let batch, let section):
      return "batch \(batch): section \(section) is reloaded and also deleted or moved"
    case .sectionCountMismatch(let batch, let expected, let actual):
      return
        "batch \(batch): invalid number of sections: the target has \(expected), before − deleted + inserted is \(actual)"
    case .indexOutOfRange(let batch, let operation, let path):
      return "batch \(batch): \(operation) of item \(path), which does not exist"
    case .deletedTwice(let batch, let path):
      return "batch \(batch): item \(path) deleted twice"
    case .insertedTwice(let batch, let path):
      return "batch \(batch): item \(path) inserted twice"
    case .movedFromTwice(let batch, let path):
      return "batch \(batch): item \(path) moved from twice"
    case .movedToTwice(let batch, let path):
      return "batch \(batch): item \(path) moved to twice"
    case .reloadedTwice(let batch, let path):
      return "batch \(batch): item \(path) reloaded twice"
    case .reconfiguredTwice(let batch, let path):
      return "batch \(batch): item \(path) reconfigured twice"
    case .deleteAndMoveFromSame(let batch, let path):
      return
        "batch \(batch): attempt to perform a delete and a move from the same index path (\(path))"
    case .insertAndMoveToSame(let batch, let path):
      return
        "batch \(batch): attempt to perform an insert and a move to the same index path (\(path))"
    case .reloadOfMovedOrDeletedItem(let batch, let operation, let path):
      return "batch \(batch): \(operation) of item \(path), which is also deleted or moved"
    case .reloadAndReconfigureSame(let batch, let path):
      return "batch \(batch): item \(path) both reloaded and reconfigured"
    case .repeatedSectionInData(let batch, let section):
      return "\(BatchViolation.dataName(batch)) holds section \(section) twice"
    case .repeatedItemInData(let batch, let item):
      return "\(BatchViolation.dataName(batch)) holds item \(item) twice"
    case .stageDataNotReached(let batch, let reached, let reported):
      return "batch \(batch): performing it gives \(reached), but the stage reports \(reported)"
    case .lastStageIsNotTarget(let batch):
      return "batch \(batch): the last stage's data is not the new snapshot"
    case .reloadInStructuralBatch(let batch):
      return "batch \(batch): reloads or reconfigures share the batch with structural updates"
    case .unsortedBatch(let batch):
      return "batch \(batch): a list is not sorted ascending"
    case .countMismatch(let batch, let section, let expected, let actual):
      return
        "batch \(batch): invalid number of items in section \(section): the target has \(expected), before − deleted + inserted − moved out + moved in is \(actual)"
    }
  }

  // coverage: only broken code (failure text)
  /// `the data before batch 0` or `the data of batch n`.
  private static func dataName(_ batch: Int?) -> String {
    batch.map { "batch \($0): the stage's data" } ?? "the data before the first batch"
  }
}
