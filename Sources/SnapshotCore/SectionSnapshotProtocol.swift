/// A section snapshot: a forest of unique items with an expanded set
/// (semantics part B).
///
/// Conformers are value types. Every throwing operation is atomic. `==`
/// compares roots, every item's child list and the expanded set (B.3).
public protocol SectionSnapshotProtocol<ItemIdentifier>: Equatable, SendableMetatype {
  /// The type of item identifiers.
  associatedtype ItemIdentifier: Hashable

  /// What the type implements; the catalog checks exactly these (default:
  /// everything).
  static var capabilities: SectionSnapshotCapabilities { get }

  /// Creates an empty section snapshot.
  init()

  // MARK: Derived views (B.2)

  /// Every item in depth-first pre-order, collapsed descendants included.
  var items: [ItemIdentifier] { get }
  /// The top-level items in order.
  var rootItems: [ItemIdentifier] { get }
  /// The items (pre-order) all of whose ancestors are expanded.
  var visibleItems: [ItemIdentifier] { get }
  /// The expanded items, in `items` order.
  var expandedItems: [ItemIdentifier] { get }
  /// The position of `item` in `items`, or `nil`.
  func index(of item: ItemIdentifier) -> Int?
  /// The depth of `item`; roots are 0.
  /// - Throws: `.itemNotFound`.
  func level(of item: ItemIdentifier) throws(SnapshotError) -> Int
  /// The parent of `item`, `nil` for a root.
  /// - Throws: `.itemNotFound`.
  func parent(of item: ItemIdentifier) throws(SnapshotError) -> ItemIdentifier?
  /// Whether `item` is in the tree.
  func contains(_ item: ItemIdentifier) -> Bool
  /// Whether `item` is in the expanded set.
  /// - Throws: `.itemNotFound`.
  func isExpanded(_ item: ItemIdentifier) throws(SnapshotError) -> Bool
  /// Whether every ancestor of `item` is expanded.
  /// - Throws: `.itemNotFound`.
  func isVisible(_ item: ItemIdentifier) throws(SnapshotError) -> Bool
  /// The subtree below `parent` as a new section snapshot, flags included:
  /// its children become roots, or `parent` is the single root when
  /// `includingParent` is true.
  /// - Throws: `.parentNotFound`.
  func snapshot(of parent: ItemIdentifier, includingParent: Bool) throws(SnapshotError)
    -> Self
  /// A debugging picture: a header line, one line per item (`+`/`-` for
  /// expanded, `*` for visible, two spaces of indent per level), then `>`.
  func visualDescription() -> String
  /// The edits that take `base.visibleItems` to `visibleItems`, when this
  /// snapshot was derived from `base` (a copy of it, then changed) and
  /// tracked its changes since; `nil` when it cannot tell (the default).
  /// `DiffableDataSource.apply(_:to:)` applies them to the section's rows
  /// instead of comparing the rows, so an update costs what changed.
  func visibleRowEdits(since base: Self) -> [VisibleRowEdit<ItemIdentifier>]?

  // MARK: Mutations (B.3)

  /// Appends items as the last children of `parent`, or as the last roots.
  /// - Throws: `.parentNotFound`, then `.treeDuplicate` (nothing is checked
  ///   when `items` is empty).
  mutating func append(_ items: [ItemIdentifier], to parent: ItemIdentifier?)
    throws(SnapshotError)
  /// Inserts items as siblings directly before `item`.
  /// - Throws: `.insertDestinationNotFound`, then `.treeDuplicate`.
  mutating func insert(_ items: [ItemIdentifier], before item: ItemIdentifier)
    throws(SnapshotError)
  /// Inserts items as siblings directly after `item` (after its subtree in
  /// `items` order).
  /// - Throws: `.insertDestinationNotFound`, then `.treeDuplicate`.
  mutating func insert(_ items: [ItemIdentifier], after item: ItemIdentifier)
    throws(SnapshotError)
  /// Grafts the roots of `snapshot` (with their subtrees and flags) as
  /// siblings directly before `item`.
  /// - Throws: `.insertDestinationNotFound`, then `.treeDuplicate`.
  mutating func insert(_ snapshot: Self, before item: ItemIdentifier)
    throws(SnapshotError)
  /// Grafts the roots of `snapshot` (with their subtrees and flags) as
  /// siblings directly after `item`.
  /// - Throws: `.insertDestinationNotFound`, then `.treeDuplicate`.
  mutating func insert(_ snapshot: Self, after item: ItemIdentifier)
    throws(SnapshotError)
  /// Deletes items with their whole subtrees and their flags.
  /// - Throws: `.deleteMissing` (the first missing id; nothing is deleted).
  mutating func delete(_ items: [ItemIdentifier]) throws(SnapshotError)
  /// Empties the tree and the expanded set.
  mutating func deleteAll()
  /// Adds the present ids to the expanded set; missing ids are ignored.
  mutating func expand(_ items: [ItemIdentifier])
  /// Removes the present ids from the expanded set; missing ids are ignored.
  mutating func collapse(_ items: [ItemIdentifier])
  /// Replaces the children of `parent` by the roots of `snapshot` (with
  /// their subtrees and flags); `parent`'s own flag is unchanged.
  /// - Throws: `.parentNotFound`, then `.treeDuplicate` when the replacement
  ///   holds ids found elsewhere in the tree (spec decision).
  mutating func replace(childrenOf parent: ItemIdentifier, using snapshot: Self)
    throws(SnapshotError)

  /// Internal-consistency problems, as readable sentences; empty when sound.
  func invariantViolations() -> [String]
}

extension SectionSnapshotProtocol {
  /// Everything.
  public static var capabilities: SectionSnapshotCapabilities { .all }

  /// For a type without `==` (declare `.equality` missing): compares the
  /// forests and flags through the derived views; the catalog does not
  /// check it.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.items == rhs.items && lhs.rootItems == rhs.rootItems
      && lhs.visibleItems == rhs.visibleItems
      && lhs.items.allSatisfy { item in
        (try? lhs.parent(of: item)) == (try? rhs.parent(of: item))
          && (try? lhs.isExpanded(item)) == (try? rhs.isExpanded(item))
      }
  }

  /// For a type without `expandedItems` (declare it missing): empty; the
  /// catalog does not read it.
  public var expandedItems: [ItemIdentifier] { [] }
  /// For a type without `index(of:)` (declare it missing): `nil`; the
  /// catalog does not ask it.
  public func index(of item: ItemIdentifier) -> Int? { nil }
  /// For a type without `visualDescription()` (declare it missing): empty;
  /// the catalog does not read it.
  public func visualDescription() -> String { "" }
  /// For a type that does not track its changes: `nil`, so the data source
  /// compares the rows.
  public func visibleRowEdits(since base: Self) -> [VisibleRowEdit<ItemIdentifier>]? { nil }
  /// For a type without inserting a snapshot: it must declare
  /// `.insertSnapshot` missing, and neither the catalog nor
  /// `DiffableDataSource` calls it then; a call traps, naming what is
  /// missing.
  public mutating func insert(_ snapshot: Self, before item: ItemIdentifier) throws(SnapshotError) {
    Self.lacks("insert(_:before:)", ".insertSnapshot")
  }
  /// For a type without inserting a snapshot: see `insert(_:before:)`.
  public mutating func insert(_ snapshot: Self, after item: ItemIdentifier) throws(SnapshotError) {
    Self.lacks("insert(_:after:)", ".insertSnapshot")
  }
  /// For a type without `deleteAll()`: it must declare `.deleteAll`
  /// missing; a call traps, naming what is missing.
  public mutating func deleteAll() { Self.lacks("deleteAll()", ".deleteAll") }
  /// For a type without `replace(childrenOf:using:)`: it must declare
  /// `.replaceChildren` missing, and neither the catalog nor
  /// `DiffableDataSource` (lazy children) calls it then; a call traps,
  /// naming what is missing.
  public mutating func replace(childrenOf parent: ItemIdentifier, using snapshot: Self)
    throws(SnapshotError)
  {
    Self.lacks("replace(childrenOf:using:)", ".replaceChildren")
  }

  /// Traps: `method` was called on a type that does not implement it.
  static func lacks(_ method: String, _ capability: String) -> Never {
    preconditionFailure(
      "\(Self.self) does not implement \(method): declare \(capability) missing "
        + "in its `capabilities` (and do not call it), or implement it")
  }

  /// Appends items as the last roots.
  /// - Throws: `.treeDuplicate`.
  public mutating func append(_ items: [ItemIdentifier]) throws(SnapshotError) {
    try append(items, to: nil)
  }

  /// The subtree strictly below `parent`, its children as roots.
  /// - Throws: `.parentNotFound`.
  public func snapshot(of parent: ItemIdentifier) throws(SnapshotError) -> Self {
    try snapshot(of: parent, includingParent: false)
  }
}
