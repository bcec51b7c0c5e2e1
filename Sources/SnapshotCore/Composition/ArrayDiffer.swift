/// A differ of one array: the changes from one array of identifiers to
/// another, in any of the shapes `ArrayChanges` takes. `ComposedDiffer`
/// makes a sectioned differ of it.
///
/// Most differs in the ecosystem (Heckel, Myers, Wagner–Fischer, IGListKit's
/// `ListDiff`) are of this kind; an adapter is one method:
///
/// ```swift
/// struct Standard: ArrayDiffer {
///   func changes<Element: Hashable>(from old: [Element], to new: [Element])
///     -> ArrayChanges
///   {
///     ArrayChanges(new.difference(from: old).inferringMoves())
///   }
/// }
/// ```
public protocol ArrayDiffer {
  /// The changes that take `old` to `new`; both hold distinct elements.
  func changes<Element: Hashable>(from old: [Element], to new: [Element]) -> ArrayChanges
}

/// The standard library's differ: `difference(from:)` (Myers' algorithm)
/// with `inferringMoves()`.
public struct StandardArrayDiffer: ArrayDiffer, Sendable {
  /// Creates the differ.
  public init() {}

  /// `new.difference(from: old).inferringMoves()` as changes.
  ///
  /// - Complexity: O(*n* + *d*²) for *n* elements and *d* differences.
  public func changes<Element: Hashable>(from old: [Element], to new: [Element])
    -> ArrayChanges
  {
    ArrayChanges(new.difference(from: old).inferringMoves())
  }
}
