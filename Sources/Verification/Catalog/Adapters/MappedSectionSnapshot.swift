import SnapshotCore

/// A section snapshot with the catalog's `Int` identifiers over `Base`,
/// whose items are `Map`'s; see `MappedSnapshot`.
public struct MappedSectionSnapshot<Base: SectionSnapshotProtocol, Map: IdentifierMapping>:
  SectionSnapshotProtocol
where Base.ItemIdentifier == Map.Item {
  /// The implementation under test.
  public private(set) var base: Base

  /// An empty section snapshot.
  public init() { base = Base() }

  init(base: Base) { self.base = base }

  /// Compares the implementations.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.base == rhs.base }
  /// The base's capabilities.
  public static var capabilities: SectionSnapshotCapabilities { Base.capabilities }

  private static func items(_ ids: [Int]) -> [Map.Item] { ids.map(Map.item) }
  private static func numbers(_ items: [Map.Item]) -> [Int] { items.map(Map.number(ofItem:)) }

  private mutating func mapped(_ body: (inout Base) throws(SnapshotError) -> Void)
    throws(SnapshotError)
  {
    do throws(SnapshotError) { try body(&base) } catch { throw Map.catalogError(error) }
  }

  private func read<T>(_ body: (Base) throws(SnapshotError) -> T) throws(SnapshotError) -> T {
    do throws(SnapshotError) { return try body(base) } catch { throw Map.catalogError(error) }
  }

  /// The base's answer, ids translated (the protocol requirement of the same name).
  public var items: [Int] { Self.numbers(base.items) }
  /// The base's answer, ids translated (the protocol requirement of the same name).
  public var rootItems: [Int] { Self.numbers(base.rootItems) }
  /// The base's answer, ids translated (the protocol requirement of the same name).
  public var visibleItems: [Int] { Self.numbers(base.visibleItems) }
  /// The base's answer, ids translated (the protocol requirement of the same name).
  public var expandedItems: [Int] { Self.numbers(base.expandedItems) }
  /// The base's answer, ids translated (the protocol requirement of the same name).
  public func index(of item: Int) -> Int? { base.index(of: Map.item(item)) }
  /// The base's answer, ids translated.
  /// - Throws: `.itemNotFound`/`.sectionNotFound`/`.parentNotFound` for a missing id, or the base's error.
  public func level(of item: Int) throws(SnapshotError) -> Int {
    try read { (b) throws(SnapshotError) in try b.level(of: Map.item(item)) }
  }
  /// The base's answer, ids translated.
  /// - Throws: `.itemNotFound`/`.sectionNotFound`/`.parentNotFound` for a missing id, or the base's error.
  public func parent(of item: Int) throws(SnapshotError) -> Int? {
    try read { (b) throws(SnapshotError) in try b.parent(of: Map.item(item)) }.map(
      Map.number(ofItem:))
  }
  /// The base's answer, ids translated (the protocol requirement of the same name).
  public func contains(_ item: Int) -> Bool { base.contains(Map.item(item)) }
  /// The base's answer, ids translated.
  /// - Throws: `.itemNotFound`/`.sectionNotFound`/`.parentNotFound` for a missing id, or the base's error.
  public func isExpanded(_ item: Int) throws(SnapshotError) -> Bool {
    try read { (b) throws(SnapshotError) in try b.isExpanded(Map.item(item)) }
  }
  /// The base's answer, ids translated.
  /// - Throws: `.itemNotFound`/`.sectionNotFound`/`.parentNotFound` for a missing id, or the base's error.
  public func isVisible(_ item: Int) throws(SnapshotError) -> Bool {
    try read { (b) throws(SnapshotError) in try b.isVisible(Map.item(item)) }
  }
  /// The base's answer, ids translated.
  /// - Throws: `.itemNotFound`/`.sectionNotFound`/`.parentNotFound` for a missing id, or the base's error.
  public func snapshot(of parent: Int, includingParent: Bool) throws(SnapshotError) -> Self {
    Self(
      base: try read { (b) throws(SnapshotError) in
        try b.snapshot(of: Map.item(parent), includingParent: includingParent)
      })
  }
  /// The base's picture, as the base prints it (its ids its own: the
  /// catalog compares it with the reference's picture in the user's ids).
  public func visualDescription() -> String { base.visualDescription() }
  /// The base's edits since `origin`'s base, ids translated (so a data
  /// source over this adapter takes the base's tracked path, and the
  /// catalog checks it).
  public func visibleRowEdits(since origin: Self) -> [VisibleRowEdit<Int>]? {
    base.visibleRowEdits(since: origin.base)?.map { edit in
      switch edit {
      case .insert(let rows, let after):
        .insert(Self.numbers(rows), after: after.map(Map.number(ofItem:)))
      case .delete(let rows): .delete(Self.numbers(rows))
      }
    }
  }

  /// The base's operation, ids translated.
  /// - Throws: the base's error, its ids translated back.
  public mutating func append(_ items: [Int], to parent: Int?) throws(SnapshotError) {
    try mapped { (b) throws(SnapshotError) in
      try b.append(Self.items(items), to: parent.map(Map.item))
    }
  }
  /// The base's operation, ids translated.
  /// - Throws: the base's error, its ids translated back.
  public mutating func insert(_ items: [Int], before item: Int) throws(SnapshotError) {
    try mapped { (b) throws(SnapshotError) in
      try b.insert(Self.items(items), before: Map.item(item))
    }
  }
  /// The base's operation, ids translated.
  /// - Throws: the base's error, its ids translated back.
  public mutating func insert(_ items: [Int], after item: Int) throws(SnapshotError) {
    try mapped { (b) throws(SnapshotError) in try b.insert(Self.items(items), after: Map.item(item))
    }
  }
  /// The base's operation, ids translated.
  /// - Throws: the base's error, its ids translated back.
  public mutating func insert(_ snapshot: Self, before item: Int) throws(SnapshotError) {
    try mapped { (b) throws(SnapshotError) in try b.insert(snapshot.base, before: Map.item(item)) }
  }
  /// The base's operation, ids translated.
  /// - Throws: the base's error, its ids translated back.
  public mutating func insert(_ snapshot: Self, after item: Int) throws(SnapshotError) {
    try mapped { (b) throws(SnapshotError) in try b.insert(snapshot.base, after: Map.item(item)) }
  }
  /// The base's operation, ids translated.
  /// - Throws: the base's error, its ids translated back.
  public mutating func delete(_ items: [Int]) throws(SnapshotError) {
    try mapped { (b) throws(SnapshotError) in try b.delete(Self.items(items)) }
  }
  /// The base's operation (and the mirror's, if any).
  public mutating func deleteAll() { base.deleteAll() }
  /// The base's operation (and the mirror's, if any).
  public mutating func expand(_ items: [Int]) { base.expand(Self.items(items)) }
  /// The base's operation (and the mirror's, if any).
  public mutating func collapse(_ items: [Int]) { base.collapse(Self.items(items)) }
  /// The base's operation, ids translated.
  /// - Throws: the base's error, its ids translated back.
  public mutating func replace(childrenOf parent: Int, using snapshot: Self) throws(SnapshotError) {
    try mapped { (b) throws(SnapshotError) in
      try b.replace(childrenOf: Map.item(parent), using: snapshot.base)
    }
  }
  /// The base's answer, ids translated (the protocol requirement of the same name).
  public func invariantViolations() -> [String] { base.invariantViolations() }
}

extension MappedSectionSnapshot: Sendable where Base: Sendable {}
