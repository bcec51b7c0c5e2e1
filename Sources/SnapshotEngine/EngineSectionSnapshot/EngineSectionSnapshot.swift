import SnapshotCore

/// The optimized section snapshot: the API and behaviour of
/// `ModelSectionSnapshot` (semantics part B) over a linked forest in a slot
/// array, with copy-on-write storage and cached derived views.
///
/// `contains`, `parent(of:)`, `level(of:)` and `isExpanded` are O(1);
/// `index(of:)` is amortised O(1) (pre-order positions are cached until the
/// next change of the tree); `visibleItems` is computed in one pass that
/// skips collapsed subtrees and is cached until the next change; expand and
/// collapse flip a flag. Deleting a subtree and `snapshot(of:)` cost in
/// proportion to the subtree.
///
/// Every throwing operation validates before it changes anything.
public struct EngineSectionSnapshot<ItemIdentifier: Hashable>: SectionSnapshotProtocol {
  @usableFromInline var storage: Storage

  /// Creates an empty section snapshot.
  /// - Complexity: O(1).
  @inlinable
  public init() { storage = Storage() }

  @inlinable
  mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&storage) {
      storage = Storage(copying: storage)
    }
  }

  /// Equal when the roots, every item's child list and the expanded set
  /// match (B.3).
  /// - Complexity: O(*n*); O(1) for copies sharing storage.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    if lhs.storage === rhs.storage { return true }
    guard lhs.storage.count == rhs.storage.count,
      lhs.storage.items() == rhs.storage.items()
    else { return false }
    let left = lhs.storage
    let right = rhs.storage
    for id in left.items() {
      guard let slot = left.slot(of: id), let other = right.slot(of: id),
        left.nodes[slot].isExpanded == right.nodes[other].isExpanded
      else { return false }
      let leftParent = left.nodes[slot].parent
      let rightParent = right.nodes[other].parent
      if (leftParent < 0) != (rightParent < 0) { return false }
      if leftParent >= 0 && left.nodes[leftParent].id != right.nodes[rightParent].id {
        return false
      }
    }
    return true
  }
}

extension EngineSectionSnapshot: CustomStringConvertible {
  // coverage: only broken code (failure text)
  /// A one-line picture such as `+a(b, +c(d)), e` (the model's format):
  /// each item, `+` before an expanded one, children in parentheses;
  /// `(empty)` when there is nothing.
  public var description: String {
    storage.firstRoot < 0 ? "(empty)" : describe(from: storage.firstRoot)
  }

  // coverage: only broken code (failure text)
  func describe(from first: Int) -> String {
    var parts: [String] = []
    var slot = first
    while slot >= 0 {
      let node = storage.nodes[slot]
      let children = node.firstChild >= 0 ? "(\(describe(from: node.firstChild)))" : ""
      parts.append((node.isExpanded ? "+" : "") + SnapshotError.text(node.id) + children)
      slot = node.next
    }
    return parts.joined(separator: ", ")
  }
}
