import SnapshotCore

/// The reference model of `NSDiffableDataSourceSectionSnapshot` (semantics
/// part B): a forest of unique items and a separate set of expanded items.
///
/// This type is the oracle the engine and every user implementation are
/// checked against, so it reads like the specification: the forest is a
/// plain array of root nodes, each node holding its item and its children
/// (a plain array of nodes, recursively); the expanded set is a plain array
/// without repeats. Every query walks the tree; nothing is cached.
///
/// Expansion is stored per item and does not depend on children (B.4): a
/// childless item may be expanded, and collapsing an ancestor leaves the
/// flags below it alone. Every throwing operation validates everything
/// before it mutates anything, so a thrown error leaves the value exactly as
/// it was. Identifiers in error payloads are `SnapshotError.text(_:)` strings.
public struct ModelSectionSnapshot<ItemIdentifier: Hashable>:
  SectionSnapshotProtocol
{
  /// The top-level nodes, in order, each with its subtree.
  @usableFromInline var roots: [Node]
  /// The expanded items, each once, in no meaningful order; only items of
  /// the tree.
  @usableFromInline var expanded: [ItemIdentifier]

  /// Creates an empty section snapshot: no items, nothing expanded.
  @inlinable
  public init() {
    roots = []
    expanded = []
  }

  /// Whether two section snapshots have the same roots, the same child list
  /// for every item, and the same expanded set (compared as a set).
  @inlinable
  public static func == (lhs: ModelSectionSnapshot, rhs: ModelSectionSnapshot) -> Bool {
    lhs.roots == rhs.roots && Set(lhs.expanded) == Set(rhs.expanded)
  }
}

extension ModelSectionSnapshot: Sendable where ItemIdentifier: Sendable {}

// MARK: - Derived views (B.2)

extension ModelSectionSnapshot {
  /// Every item in depth-first pre-order, collapsed descendants included: a
  /// parent comes directly before its subtree.
  @inlinable
  public var items: [ItemIdentifier] { Node.preorder(roots) }

  /// The top-level items, in order.
  @inlinable
  public var rootItems: [ItemIdentifier] { roots.map(\.item) }

  /// The items, in pre-order, all of whose ancestors are expanded; roots are
  /// always visible.
  @inlinable
  public var visibleItems: [ItemIdentifier] { Self.visible(roots, expanded) }

  /// The expanded items, in `items` order.
  @inlinable
  public var expandedItems: [ItemIdentifier] {
    items.filter { expanded.contains($0) }
  }

  /// The position of `item` in `items` (all items, not only the visible
  /// ones), or `nil` when it is missing.
  @inlinable
  public func index(of item: ItemIdentifier) -> Int? {
    items.firstIndex(of: item)
  }

  /// The depth of `item`; roots are 0.
  /// - Throws: `.itemNotFound` when `item` is missing.
  @inlinable
  public func level(of item: ItemIdentifier) throws(SnapshotError) -> Int {
    try existingPath(of: item).count - 1
  }

  /// The parent of `item`, or `nil` for a root.
  /// - Throws: `.itemNotFound` when `item` is missing.
  @inlinable
  public func parent(of item: ItemIdentifier) throws(SnapshotError) -> ItemIdentifier? {
    let path = try existingPath(of: item)
    guard path.count > 1 else { return nil }
    return node(at: path.dropLast()).item
  }

  /// Whether `item` is in the tree.
  @inlinable
  public func contains(_ item: ItemIdentifier) -> Bool {
    path(of: item) != nil
  }

  /// Whether `item` is in the expanded set (whether or not it has children
  /// and whether or not it is visible).
  /// - Throws: `.itemNotFound` when `item` is missing.
  @inlinable
  public func isExpanded(_ item: ItemIdentifier) throws(SnapshotError) -> Bool {
    _ = try existingPath(of: item)
    return expanded.contains(item)
  }

  /// Whether every ancestor of `item` is expanded; roots are visible.
  /// - Throws: `.itemNotFound` when `item` is missing.
  @inlinable
  public func isVisible(_ item: ItemIdentifier) throws(SnapshotError) -> Bool {
    let path = try existingPath(of: item)
    let ancestors = (1..<path.count).map { node(at: path.prefix($0)).item }
    return ancestors.allSatisfy { expanded.contains($0) }
  }

  /// The subtree below `parent` as a new section snapshot, expanded flags of
  /// the copied items included.
  ///
  /// With `includingParent: false` the children of `parent` become the
  /// roots (empty when `parent` is childless); with `true`, `parent` is the
  /// single root and its own flag comes along. Levels are re-based so that
  /// the new roots are at level 0.
  ///
  /// - Throws: `.parentNotFound` when `parent` is missing.
  @inlinable
  public func snapshot(of parent: ItemIdentifier, includingParent: Bool)
    throws(SnapshotError) -> ModelSectionSnapshot
  {
    guard let path = path(of: parent) else {
      throw .parentNotFound(SnapshotError.text(parent))
    }
    let parentNode = node(at: path)
    var result = ModelSectionSnapshot()
    result.roots = includingParent ? [parentNode] : parentNode.children
    let copied = Node.preorder(result.roots)
    result.expanded = expanded.filter { copied.contains($0) }
    return result
  }
}

// MARK: - One walk of the whole tree

extension ModelSectionSnapshot {
  /// What a pre-order walk knows of one item: what `index(of:)`,
  /// `level(of:)`, `parent(of:)`, `isExpanded(_:)` and `isVisible(_:)`
  /// answer for it.
  public struct WalkedItem: Equatable, Sendable where ItemIdentifier: Sendable {
    /// The item.
    public var item: ItemIdentifier
    /// Its position in `items`.
    public var index: Int
    /// Its depth; roots are 0.
    public var level: Int
    /// Its parent, `nil` for a root.
    public var parent: ItemIdentifier?
    /// Whether it is in the expanded set.
    public var isExpanded: Bool
    /// Whether every ancestor is expanded.
    public var isVisible: Bool

    /// Creates the answers about one item.
    @inlinable
    public init(
      item: ItemIdentifier, index: Int, level: Int, parent: ItemIdentifier?, isExpanded: Bool,
      isVisible: Bool
    ) {
      self.item = item
      self.index = index
      self.level = level
      self.parent = parent
      self.isExpanded = isExpanded
      self.isVisible = isVisible
    }
  }

  /// Every item in pre-order (`items`' order) with the answers of the
  /// per-item queries, from one walk of the tree: a reader asking about
  /// every item gets them without a search per query.
  /// - Complexity: O(*n* · *e*), *e* the expanded items (the expanded set
  ///   is a plain array).
  @inlinable
  public func walk() -> [WalkedItem] where ItemIdentifier: Sendable {
    var walked: [WalkedItem] = []
    func visit(_ nodes: [Node], parent: ItemIdentifier?, level: Int, visible: Bool) {
      for node in nodes {
        let isExpanded = expanded.contains(node.item)
        walked.append(
          WalkedItem(
            item: node.item, index: walked.count, level: level, parent: parent,
            isExpanded: isExpanded, isVisible: visible))
        visit(node.children, parent: node.item, level: level + 1, visible: visible && isExpanded)
      }
    }
    visit(roots, parent: nil, level: 0, visible: true)
    return walked
  }
}

// MARK: - Helpers shared by the extension files

extension ModelSectionSnapshot {
  /// The child indices leading from the roots to `item` (`[2, 0]` is the
  /// first child of the third root), or `nil` when it is missing.
  @inlinable
  func path(of item: ItemIdentifier) -> [Int]? {
    Node.path(of: item, in: roots)
  }

  /// `path(of:)`, throwing `.itemNotFound` when `item` is missing.
  @inlinable
  func existingPath(of item: ItemIdentifier) throws(SnapshotError) -> [Int] {
    guard let path = path(of: item) else {
      throw .itemNotFound(SnapshotError.text(item))
    }
    return path
  }

  /// The node at a valid, non-empty `path`.
  @inlinable
  func node<Path: Collection<Int>>(at path: Path) -> Node {
    guard let first = path.first else {
      // coverage: only broken code (a precondition failure)
      preconditionFailure("node(at:) needs a non-empty path")
    }
    var node = roots[first]
    for index in path.dropFirst() {
      node = node.children[index]
    }
    return node
  }

  /// The visible items of the forest `nodes` under the expanded set
  /// `expanded`, in pre-order.
  @inlinable
  static func visible(
    _ nodes: [Node], _ expanded: [ItemIdentifier]
  ) -> [ItemIdentifier] {
    var items: [ItemIdentifier] = []
    appendVisible(nodes, expanded, to: &items)
    return items
  }

  /// Appends the visible items of the forest `nodes` under the expanded set
  /// `expanded` to `items`, in pre-order: a node, then (when it is
  /// expanded) the visible items below it.
  @inlinable
  static func appendVisible(
    _ nodes: [Node], _ expanded: [ItemIdentifier], to items: inout [ItemIdentifier]
  ) {
    for node in nodes {
      items.append(node.item)
      if expanded.contains(node.item) {
        appendVisible(node.children, expanded, to: &items)
      }
    }
  }
}
