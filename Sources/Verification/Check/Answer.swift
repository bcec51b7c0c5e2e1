import SnapshotCore

/// The answer of a query that can throw, as a value two implementations
/// are compared by: the value, the name of the error case it threw, or
/// nothing when the query was not asked (a trap-style implementation is
/// never asked about an id it does not hold).
enum Answer<Value: Equatable>: Equatable {
  case value(Value)
  case threw(String)
  case notAsked

  /// Asks `query` when `ask`, else `.notAsked`.
  init(asking ask: Bool, _ query: () throws(SnapshotError) -> Value) {
    guard ask else {
      self = .notAsked
      return
    }
    do throws(SnapshotError) {
      self = .value(try query())
    } catch {
      self = .threw(error.caseName)
    }
  }

  /// The answer as text, the value written by `text`.
  func shown(_ text: (Value) -> String) -> String {
    switch self {
    case .value(let value): return text(value)
    case .threw(let name): return "throws \(name)"
    case .notAsked: return "not asked"
    }
  }

  /// The answer as a Swift expectation on `expression` (a query that
  /// throws), the value written by `literal`: `#expect(try q == v)` or
  /// `#expect(throws: SnapshotError.self) { try q }`.
  func expectation(_ expression: String, _ literal: (Value) -> String) -> String? {
    switch self {
    case .value(let value): return "#expect(try \(expression) == \(literal(value)))"
    case .threw: return "#expect(throws: SnapshotError.self) { try \(expression) }"
    case .notAsked: return nil
    }
  }
}

/// What one call returned, compared between the reference and the
/// implementation: accepted (with a value the layer compares too, such as
/// an extracted section snapshot), rejected with an error, or not handed
/// to the implementation at all (a trap-style type and a call the
/// reference rejects).
enum StepOutcome<Value: Equatable>: Equatable {
  case returned(Value)
  case threw(SnapshotError)
  case skipped

  /// Whether the call threw.
  var threw: Bool {
    if case .threw = self { return true }
    return false
  }

  /// The outcome as text: `returned`, `throws sectionNotFound("s3")`.
  func shown(_ literals: Literals, _ value: (Value) -> String) -> String {
    switch self {
    case .returned(let returned): return value(returned)
    case .threw(let error): return "throws \(literals.userError(error))"
    case .skipped: return "not made (Apple rejects it)"
    }
  }
}

/// A value a call returns that nothing compares.
struct Nothing: Equatable {}

extension SnapshotError {
  /// The name of the error's case, e.g. `duplicateInArgument`.
  var caseName: String {
    switch self {
    case .noSections: return "noSections"
    case .duplicateInArgument: return "duplicateInArgument"
    case .sectionAlreadyExists: return "sectionAlreadyExists"
    case .sectionNotFound: return "sectionNotFound"
    case .destinationNotFound: return "destinationNotFound"
    case .sourceNotFound: return "sourceNotFound"
    case .destinationInArgument: return "destinationInArgument"
    case .moveOntoSelf: return "moveOntoSelf"
    case .reloadMissing: return "reloadMissing"
    case .treeDuplicate: return "treeDuplicate"
    case .parentNotFound: return "parentNotFound"
    case .insertDestinationNotFound: return "insertDestinationNotFound"
    case .deleteMissing: return "deleteMissing"
    case .itemNotFound: return "itemNotFound"
    case .indexPathOutOfRange: return "indexPathOutOfRange"
    }
  }
}
