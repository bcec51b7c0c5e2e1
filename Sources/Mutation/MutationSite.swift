/// A mutant together with how `MutantSchemata` compiles it in behind its
/// switch: the source edit and the helper it calls.
public struct MutationSite: Hashable, Sendable, Comparable {
  /// How a site is rewritten.
  enum Edit: Hashable, Sendable {
    /// A binary operator becomes a site-specific operator of the same
    /// precedence group, generic over `constraint`; `result` is the
    /// operator the mutant uses instead.
    case binary(token: Range<Int>, precedence: String, constraint: String, result: String)
    /// A prefix `!` becomes a site-specific prefix operator on `Bool`.
    case negation(token: Range<Int>)
    /// A literal becomes `(switch ? mutated : original)`.
    case literal(token: Range<Int>)
    /// `.first`/`.last` or `min`/`max` become a site-specific member or
    /// function.
    case renamed(token: Range<Int>, form: RenamedForm)
    /// A one-line call statement is wrapped in `if !switch { … }`.
    case wrapped(statement: Range<Int>)
    /// `if switch { return };` is inserted after a body's `{` at `offset`.
    case earlyReturn(offset: Int)
  }

  /// The site-specific declaration a renamed token calls.
  enum RenamedForm: Hashable, Sendable {
    /// `.first`/`.last` on a `BidirectionalCollection`.
    case property
    /// `.min()`/`.max()` on a `Sequence` of `Comparable` elements.
    case method
    /// `min(a, b, …)`/`max(a, b, …)` on `Comparable` values.
    case function
  }

  /// The mutant.
  public var mutant: Mutant
  var edit: Edit

  /// Sites in their mutants' order.
  public static func < (lhs: MutationSite, rhs: MutationSite) -> Bool {
    lhs.mutant < rhs.mutant
  }
}
