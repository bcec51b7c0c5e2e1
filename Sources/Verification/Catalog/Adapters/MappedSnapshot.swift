import SnapshotCore

/// A full snapshot with the catalog's `Int` identifiers over `Base`, whose
/// identifiers are `Map`'s: every call is translated on the way in, every
/// answer (errors included) on the way out.
public struct MappedSnapshot<Base: SnapshotProtocol, Map: IdentifierMapping>: SnapshotProtocol
where Base.SectionIdentifier == Map.Section, Base.ItemIdentifier == Map.Item {
  /// The implementation under test.
  public private(set) var base: Base

  /// An empty snapshot.
  public init() { base = Base() }

  init(base: Base) { self.base = base }

  /// Compares the implementations.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.base == rhs.base }

  private static func sections(_ ids: [Int]) -> [Map.Section] { ids.map(Map.section) }
  private static func items(_ ids: [Int]) -> [Map.Item] { ids.map(Map.item) }
  private static func numbers(_ sections: [Map.Section]) -> [Int] {
    sections.map(Map.number(ofSection:))
  }
  private static func numbers(_ items: [Map.Item]) -> [Int] { items.map(Map.number(ofItem:)) }

  /// Runs `body` on the base, translating its error.
  private mutating func mapped(_ body: (inout Base) throws(SnapshotError) -> Void)
    throws(SnapshotError)
  {
    do throws(SnapshotError) { try body(&base) } catch { throw Map.catalogError(error) }
  }

  /// Reads from the base, translating its error.
  private func read<T>(_ body: (Base) throws(SnapshotError) -> T) throws(SnapshotError) -> T {
    do throws(SnapshotError) { return try body(base) } catch { throw Map.catalogError(error) }
  }

  /// The base's answer, ids translated (the protocol requirement of the same name).
  public var numberOfItems: Int { base.numberOfItems }
  /// The base's answer, ids translated (the protocol requirement of the same name).
  public var numberOfSections: Int { base.numberOfSections }
  /// The base's answer, ids translated (the protocol requirement of the same name).
  public var sectionIdentifiers: [Int] { Self.numbers(base.sectionIdentifiers) }
  /// The base's answer, ids translated (the protocol requirement of the same name).
  public var itemIdentifiers: [Int] { Self.numbers(base.itemIdentifiers) }
  /// The base's answer, ids translated.
  /// - Throws: `.itemNotFound`/`.sectionNotFound`/`.parentNotFound` for a missing id, or the base's error.
  public func numberOfItems(inSection section: Int) throws(SnapshotError) -> Int {
    try read { (b) throws(SnapshotError) in try b.numberOfItems(inSection: Map.section(section)) }
  }
  /// The base's answer, ids translated.
  /// - Throws: `.itemNotFound`/`.sectionNotFound`/`.parentNotFound` for a missing id, or the base's error.
  public func itemIdentifiers(inSection section: Int) throws(SnapshotError) -> [Int] {
    Self.numbers(
      try read { (b) throws(SnapshotError) in try b.itemIdentifiers(inSection: Map.section(section))
      })
  }
  /// The base's answer, ids translated (the protocol requirement of the same name).
  public func sectionIdentifier(containingItem item: Int) -> Int? {
    base.sectionIdentifier(containingItem: Map.item(item)).map(Map.number(ofSection:))
  }
  /// The base's answer, ids translated (the protocol requirement of the same name).
  public func indexOfItem(_ item: Int) -> Int? { base.indexOfItem(Map.item(item)) }
  /// The base's answer, ids translated (the protocol requirement of the same name).
  public func indexOfSection(_ section: Int) -> Int? { base.indexOfSection(Map.section(section)) }
  /// The base's answer, ids translated (the protocol requirement of the same name).
  public func itemIdentifiers(at paths: [ItemPath]) -> [Int]? {
    base.itemIdentifiers(at: paths).map { Self.numbers($0) }
  }
  /// The base's capabilities.
  public static var capabilities: SnapshotCapabilities { Base.capabilities }
  /// The base's answer, ids translated (the protocol requirement of the same name).
  public var reloadedItemIdentifiers: [Int] { Self.numbers(base.reloadedItems) }
  /// The base's answer, ids translated (the protocol requirement of the same name).
  public var reloadedSectionIdentifiers: [Int] { Self.numbers(base.reloadedSections) }
  /// The base's answer, ids translated (the protocol requirement of the same name).
  public var reconfiguredItemIdentifiers: [Int] { Self.numbers(base.reconfiguredItems) }

  /// The base's operation (and the mirror's, if any).
  public mutating func appendItems(_ identifiers: [Int], toSection section: Int?)
    throws(SnapshotError)
  {
    try mapped { (b) throws(SnapshotError) in
      try b.appendItems(Self.items(identifiers), toSection: section.map(Map.section))
    }
  }
  /// The base's operation, ids translated.
  /// - Throws: the base's error, its ids translated back.
  public mutating func insertItems(_ identifiers: [Int], beforeItem: Int) throws(SnapshotError) {
    try mapped { (b) throws(SnapshotError) in
      try b.insertItems(Self.items(identifiers), beforeItem: Map.item(beforeItem))
    }
  }
  /// The base's operation, ids translated.
  /// - Throws: the base's error, its ids translated back.
  public mutating func insertItems(_ identifiers: [Int], afterItem: Int) throws(SnapshotError) {
    try mapped { (b) throws(SnapshotError) in
      try b.insertItems(Self.items(identifiers), afterItem: Map.item(afterItem))
    }
  }
  /// The base's operation, ids translated.
  /// - Throws: the base's error, its ids translated back.
  public mutating func deleteItems(_ identifiers: [Int]) throws(SnapshotError) {
    try mapped { (b) throws(SnapshotError) in try b.deleteItems(Self.items(identifiers)) }
  }
  /// The base's operation (and the mirror's, if any).
  public mutating func deleteAllItems() { base.deleteAllItems() }
  /// The base's operation, ids translated.
  /// - Throws: the base's error, its ids translated back.
  public mutating func moveItem(_ item: Int, beforeItem: Int) throws(SnapshotError) {
    try mapped { (b) throws(SnapshotError) in
      try b.moveItem(Map.item(item), beforeItem: Map.item(beforeItem))
    }
  }
  /// The base's operation, ids translated.
  /// - Throws: the base's error, its ids translated back.
  public mutating func moveItem(_ item: Int, afterItem: Int) throws(SnapshotError) {
    try mapped { (b) throws(SnapshotError) in
      try b.moveItem(Map.item(item), afterItem: Map.item(afterItem))
    }
  }
  /// The base's operation, ids translated.
  /// - Throws: the base's error, its ids translated back.
  public mutating func reloadItems(_ identifiers: [Int]) throws(SnapshotError) {
    try mapped { (b) throws(SnapshotError) in try b.reloadItems(Self.items(identifiers)) }
  }
  /// The base's operation, ids translated.
  /// - Throws: the base's error, its ids translated back.
  public mutating func reconfigureItems(_ identifiers: [Int]) throws(SnapshotError) {
    try mapped { (b) throws(SnapshotError) in try b.reconfigureItems(Self.items(identifiers)) }
  }
  /// The base's operation, ids translated.
  /// - Throws: the base's error, its ids translated back.
  public mutating func appendSections(_ identifiers: [Int]) throws(SnapshotError) {
    try mapped { (b) throws(SnapshotError) in try b.appendSections(Self.sections(identifiers)) }
  }
  /// The base's operation (and the mirror's, if any).
  public mutating func insertSections(_ identifiers: [Int], beforeSection: Int)
    throws(SnapshotError)
  {
    try mapped { (b) throws(SnapshotError) in
      try b.insertSections(Self.sections(identifiers), beforeSection: Map.section(beforeSection))
    }
  }
  /// The base's operation (and the mirror's, if any).
  public mutating func insertSections(_ identifiers: [Int], afterSection: Int)
    throws(SnapshotError)
  {
    try mapped { (b) throws(SnapshotError) in
      try b.insertSections(Self.sections(identifiers), afterSection: Map.section(afterSection))
    }
  }
  /// The base's operation, ids translated.
  /// - Throws: the base's error, its ids translated back.
  public mutating func deleteSections(_ identifiers: [Int]) throws(SnapshotError) {
    try mapped { (b) throws(SnapshotError) in try b.deleteSections(Self.sections(identifiers)) }
  }
  /// The base's operation, ids translated.
  /// - Throws: the base's error, its ids translated back.
  public mutating func moveSection(_ section: Int, beforeSection: Int) throws(SnapshotError) {
    try mapped { (b) throws(SnapshotError) in
      try b.moveSection(Map.section(section), beforeSection: Map.section(beforeSection))
    }
  }
  /// The base's operation, ids translated.
  /// - Throws: the base's error, its ids translated back.
  public mutating func moveSection(_ section: Int, afterSection: Int) throws(SnapshotError) {
    try mapped { (b) throws(SnapshotError) in
      try b.moveSection(Map.section(section), afterSection: Map.section(afterSection))
    }
  }
  /// The base's operation, ids translated.
  /// - Throws: the base's error, its ids translated back.
  public mutating func reloadSections(_ identifiers: [Int]) throws(SnapshotError) {
    try mapped { (b) throws(SnapshotError) in try b.reloadSections(Self.sections(identifiers)) }
  }
  /// The base's operation (and the mirror's, if any).
  public mutating func removeAllMarks() { base.removeAllMarks() }
  /// The base's answer, ids translated (the protocol requirement of the same name).
  public func invariantViolations() -> [String] { base.invariantViolations() }
}

extension MappedSnapshot: Sendable where Base: Sendable {}
