/// A kind of mutation, with a stable raw name that mutant ids, flags
/// (`--operators`) and reports use.
public enum MutationOperator: String, CaseIterable, Codable, Hashable, Sendable, Comparable {
  /// `<` ↔ `<=`, `>` ↔ `>=`: a boundary of a comparison moves by one.
  case relational
  /// `==` ↔ `!=`.
  case equality
  /// `+` ↔ `-`.
  case arithmetic
  /// `&&` ↔ `||`.
  case logical
  /// A prefix `!` is removed.
  case negation
  /// An integer literal `n` becomes `n + 1`.
  case integerBoundary
  /// `true` ↔ `false`.
  case boolean
  /// `..<` ↔ `...` (a `...` mutant whose range would be empty traps).
  case range
  /// `.first` ↔ `.last`.
  case firstLast
  /// `min` ↔ `max`, as a function or a sequence's method.
  case minMax
  /// A statement that is one call, on one line, is not run.
  case removeCall
  /// A function returning nothing returns at once.
  case earlyReturn

  /// The operators in raw-name order.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

  /// Parses a comma-separated list of raw names (`relational,boolean`).
  /// - Returns: `nil` when a name is unknown or the list is empty.
  public static func parseList(_ text: String) -> [MutationOperator]? {
    let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    let operators = names.compactMap(MutationOperator.init(rawValue:))
    guard !operators.isEmpty, operators.count == names.count else { return nil }
    return Array(Set(operators)).sorted()
  }
}
