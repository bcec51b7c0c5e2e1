/// A differ that can say when what it is built from is at fault: an adapter
/// over someone else's algorithm (as `ComposedDiffer` is over an
/// `ArrayDiffer`). The catalog asks before it judges a changeset, and blames
/// a problem on `InputProblem.operation`, not on the composition.
public protocol DifferInputChecking<Snapshot>: DifferProtocol {
  /// What was wrong with the inputs while diffing `old` to `new`; empty
  /// when nothing was.
  func inputProblems(from old: Snapshot, to new: Snapshot) -> [InputProblem]
}

/// One fault of a differ's input: the operation that returned it (for
/// example `changes(from:to:)`) and what was wrong, in a sentence.
public struct InputProblem: Hashable, Sendable, CustomStringConvertible {
  /// The Swift name of the user's operation at fault.
  public var operation: String
  /// What was wrong.
  public var message: String

  /// Creates a problem of `operation`.
  public init(operation: String, message: String) {
    self.operation = operation
    self.message = message
  }

  /// `operation: message`.
  public var description: String { "\(operation): \(message)" }
}
