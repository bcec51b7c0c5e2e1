import SnapshotCore
import SnapshotEngine

/// A fixture in the style of the pre-iOS 15 `NSDiffableDataSourceSnapshot`
/// backports (issue 18): Apple's non-throwing API without mark getters,
/// without `reconfigureItems` and without `==` (it holds a class it cannot
/// compare). It traps on rejected item and section calls and silently
/// ignores rejected marks (`reloadItems` of a missing id) and deletes with
/// a repeated id (`deleteItems([x, x])`), as backports do.
/// `Bug` may plant a bug.
public struct BackportSnapshot<
  SectionIdentifierType: Hashable, ItemIdentifierType: Hashable, Bug: BackportBug
> {
  /// A reference the type cannot compare (so `==` cannot be synthesized).
  public final class Cache {}

  public var engine = EngineSnapshot<SectionIdentifierType, ItemIdentifierType>()
  public var cache = Cache()

  public init() {}

  /// Makes the call on the engine; where it throws (Apple raises), traps.
  public func trapping<T>(_ body: () throws(SnapshotError) -> T) -> T {
    do throws(SnapshotError) {
      return try body()
    } catch {
      preconditionFailure("Apple raises: \(error)")
    }
  }

  public var numberOfItems: Int { engine.numberOfItems }
  public var numberOfSections: Int { engine.numberOfSections }
  public var sectionIdentifiers: [SectionIdentifierType] { engine.sectionIdentifiers }
  public var itemIdentifiers: [ItemIdentifierType] { engine.itemIdentifiers }
  public func numberOfItems(inSection section: SectionIdentifierType) -> Int {
    trapping { () throws(SnapshotError) in try engine.numberOfItems(inSection: section) }
  }
  public func itemIdentifiers(inSection section: SectionIdentifierType) -> [ItemIdentifierType] {
    trapping { () throws(SnapshotError) in try engine.itemIdentifiers(inSection: section) }
  }
  public func sectionIdentifier(containingItem item: ItemIdentifierType) -> SectionIdentifierType? {
    engine.sectionIdentifier(containingItem: item)
  }
  public func indexOfItem(_ item: ItemIdentifierType) -> Int? { engine.indexOfItem(item) }
  public func indexOfSection(_ section: SectionIdentifierType) -> Int? {
    engine.indexOfSection(section)
  }

  public mutating func appendItems(
    _ ids: [ItemIdentifierType], toSection section: SectionIdentifierType? = nil
  ) {
    trapping { () throws(SnapshotError) in try engine.appendItems(ids, toSection: section) }
  }
  public mutating func insertItems(_ ids: [ItemIdentifierType], beforeItem: ItemIdentifierType) {
    trapping { () throws(SnapshotError) in try engine.insertItems(ids, beforeItem: beforeItem) }
  }
  public mutating func insertItems(_ ids: [ItemIdentifierType], afterItem: ItemIdentifierType) {
    trapping { () throws(SnapshotError) in try engine.insertItems(ids, afterItem: afterItem) }
  }
  /// Ignores the call when an id is repeated (no trap).
  public mutating func deleteItems(_ ids: [ItemIdentifierType]) {
    guard Set(ids).count == ids.count else {
      if Bug.deletesOnRepeat { try? engine.deleteItems(ids.uniqued) }
      return
    }
    trapping { () throws(SnapshotError) in try engine.deleteItems(ids) }
  }
  public mutating func deleteAllItems() {
    let sections = engine.sectionIdentifiers
    engine.deleteAllItems()
    if Bug.deleteAllKeepsSections { try? engine.appendSections(sections) }
  }
  public mutating func moveItem(_ item: ItemIdentifierType, beforeItem: ItemIdentifierType) {
    trapping { () throws(SnapshotError) in try engine.moveItem(item, beforeItem: beforeItem) }
  }
  public mutating func moveItem(_ item: ItemIdentifierType, afterItem: ItemIdentifierType) {
    trapping { () throws(SnapshotError) in try engine.moveItem(item, afterItem: afterItem) }
  }
  /// Ignores the call when an id is missing or repeated (no trap).
  public mutating func reloadItems(_ ids: [ItemIdentifierType]) { try? engine.reloadItems(ids) }
  public mutating func appendSections(_ ids: [SectionIdentifierType]) {
    trapping { () throws(SnapshotError) in try engine.appendSections(ids) }
  }
  public mutating func insertSections(
    _ ids: [SectionIdentifierType], beforeSection: SectionIdentifierType
  ) {
    trapping { () throws(SnapshotError) in
      try engine.insertSections(ids, beforeSection: beforeSection)
    }
  }
  public mutating func insertSections(
    _ ids: [SectionIdentifierType], afterSection: SectionIdentifierType
  ) {
    trapping { () throws(SnapshotError) in
      try engine.insertSections(ids, afterSection: afterSection)
    }
  }
  /// Ignores the call when an id is repeated (no trap).
  public mutating func deleteSections(_ ids: [SectionIdentifierType]) {
    guard Set(ids).count == ids.count else { return }
    trapping { () throws(SnapshotError) in try engine.deleteSections(ids) }
  }
  public mutating func moveSection(
    _ section: SectionIdentifierType, beforeSection: SectionIdentifierType
  ) {
    trapping { () throws(SnapshotError) in
      try engine.moveSection(section, beforeSection: beforeSection)
    }
  }
  public mutating func moveSection(
    _ section: SectionIdentifierType, afterSection: SectionIdentifierType
  ) {
    trapping { () throws(SnapshotError) in
      try engine.moveSection(section, afterSection: afterSection)
    }
  }
  /// Ignores the call when an id is missing or repeated (no trap).
  public mutating func reloadSections(_ ids: [SectionIdentifierType]) {
    try? engine.reloadSections(ids)
  }
}

/// A bug planted in `BackportSnapshot`.
public protocol BackportBug: Sendable {
  /// `deleteAllItems()` keeps the (emptied) sections.
  static var deleteAllKeepsSections: Bool { get }
  /// `deleteItems` with a repeated id, which the backport ignores, deletes
  /// the ids.
  static var deletesOnRepeat: Bool { get }
}

extension BackportBug {
  public static var deleteAllKeepsSections: Bool { false }
  public static var deletesOnRepeat: Bool { false }
}

extension Array where Element: Hashable {
  /// The elements without repeats, in first-occurrence order.
  public var uniqued: [Element] {
    var seen = Set<Element>()
    return filter { seen.insert($0).inserted }
  }
}

/// No bug.
public enum NoBackportBug: BackportBug {}

/// `deleteAllItems()` keeps the sections.
public enum BackportKeepsSections: BackportBug {
  public static var deleteAllKeepsSections: Bool { true }
}

/// `deleteItems([x, x])`, declared ignored, deletes `x`.
public enum BackportDeletesOnRepeat: BackportBug {
  public static var deletesOnRepeat: Bool { true }
}

// The whole adapter: the capabilities it lacks and the two non-Apple members.
extension BackportSnapshot: SnapshotProtocol {
  public static var capabilities: SnapshotCapabilities {
    SnapshotCapabilities.all.subtracting([.readableMarks, .reconfigure, .equality])
  }
  public mutating func removeAllMarks() { engine.removeAllMarks() }
  public func invariantViolations() -> [String] { [] }
}

/// The backport's differ (here the engine's, on the snapshot's storage).
public struct BackportDiffer<
  Section: Hashable & Sendable, Item: Hashable & Sendable, Bug: BackportBug
>:
  DifferProtocol, Sendable
{
  public init() {}

  public func changeset(
    from old: BackportSnapshot<Section, Item, Bug>, to new: BackportSnapshot<Section, Item, Bug>,
    options: DiffOptions<Item>
  ) -> Changeset {
    EngineDiffer<Section, Item>().changeset(from: old.engine, to: new.engine, options: options)
  }
}
