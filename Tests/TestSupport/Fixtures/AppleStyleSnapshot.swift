import SnapshotCore
import SnapshotEngine

/// Makes the call on the engine; where it throws (Apple raises), a
/// trap-style fixture traps and a lenient one carries on with `fallback`.
public func raising<T, Flavor: FixtureFlavor>(
  _ flavor: Flavor.Type, _ fallback: @autoclosure () -> T, _ body: () throws(SnapshotError) -> T
) -> T {
  do throws(SnapshotError) {
    return try body()
  } catch {
    guard Flavor.isLenient else { preconditionFailure("Apple raises: \(error)") }
    return fallback()
  }
}

/// A fixture in the style of Apple's `NSDiffableDataSourceSnapshot` and its
/// backports: generic identifiers, Apple's non-throwing API, a trap
/// wherever Apple raises (built on the engine, with the trap in place of
/// every error), or lenient (ignores such calls); `Flavor` says which and
/// may plant a bug.
public struct AppleStyleSnapshot<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable,
  Flavor: FixtureFlavor
>: Equatable {
  public var engine = EngineSnapshot<SectionIdentifierType, ItemIdentifierType>()

  public init() {}

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.engine == rhs.engine }

  public var numberOfItems: Int { engine.numberOfItems }
  public var numberOfSections: Int { engine.numberOfSections }
  public var sectionIdentifiers: [SectionIdentifierType] { engine.sectionIdentifiers }
  public var itemIdentifiers: [ItemIdentifierType] { engine.itemIdentifiers }
  public var reloadedItemIdentifiers: [ItemIdentifierType] { engine.reloadedItemIdentifiers }
  public var reloadedSectionIdentifiers: [SectionIdentifierType] {
    engine.reloadedSectionIdentifiers
  }
  public var reconfiguredItemIdentifiers: [ItemIdentifierType] {
    engine.reconfiguredItemIdentifiers
  }
  public func numberOfItems(inSection section: SectionIdentifierType) -> Int {
    raising(Flavor.self, 0) { () throws(SnapshotError) in
      try engine.numberOfItems(inSection: section)
    }
  }
  public func itemIdentifiers(inSection section: SectionIdentifierType) -> [ItemIdentifierType] {
    raising(Flavor.self, []) { () throws(SnapshotError) in
      try engine.itemIdentifiers(inSection: section)
    }
  }
  public func sectionIdentifier(containingItem item: ItemIdentifierType) -> SectionIdentifierType? {
    engine.sectionIdentifier(containingItem: item)
  }
  public func indexOfItem(_ item: ItemIdentifierType) -> Int? { engine.indexOfItem(item) }
  public func indexOfSection(_ section: SectionIdentifierType) -> Int? {
    engine.indexOfSection(section)
  }

  public mutating func appendItems(
    _ ids: [ItemIdentifierType], toSection section: SectionIdentifierType?
  ) {
    raising(Flavor.self, ()) { () throws(SnapshotError) in
      try engine.appendItems(ids, toSection: section)
    }
  }
  public mutating func insertItems(_ ids: [ItemIdentifierType], beforeItem: ItemIdentifierType) {
    raising(Flavor.self, ()) { () throws(SnapshotError) in
      try engine.insertItems(ids, beforeItem: beforeItem)
    }
  }
  public mutating func insertItems(_ ids: [ItemIdentifierType], afterItem: ItemIdentifierType) {
    raising(Flavor.self, ()) { () throws(SnapshotError) in
      try engine.insertItems(ids, afterItem: afterItem)
    }
  }
  public mutating func deleteItems(_ ids: [ItemIdentifierType]) {
    guard !Flavor.deleteItemsIsLenient else {
      _ = try? engine.deleteItems(ids)
      return
    }
    raising(Flavor.self, ()) { () throws(SnapshotError) in try engine.deleteItems(ids) }
  }
  public mutating func deleteAllItems() {
    let sections = engine.sectionIdentifiers
    engine.deleteAllItems()
    if Flavor.deleteAllKeepsSections {
      raising(Flavor.self, ()) { () throws(SnapshotError) in try engine.appendSections(sections) }
    }
  }
  public mutating func moveItem(_ item: ItemIdentifierType, beforeItem: ItemIdentifierType) {
    raising(Flavor.self, ()) { () throws(SnapshotError) in
      try engine.moveItem(item, beforeItem: beforeItem)
    }
  }
  public mutating func moveItem(_ item: ItemIdentifierType, afterItem: ItemIdentifierType) {
    raising(Flavor.self, ()) { () throws(SnapshotError) in
      try engine.moveItem(item, afterItem: afterItem)
    }
  }
  public mutating func reloadItems(_ ids: [ItemIdentifierType]) {
    raising(Flavor.self, ()) { () throws(SnapshotError) in try engine.reloadItems(ids) }
  }
  public mutating func reconfigureItems(_ ids: [ItemIdentifierType]) {
    guard !Flavor.reconfigureReloads else { return reloadItems(ids) }
    if Flavor.reconfigureTraps { _ = ids[ids.count] }
    raising(Flavor.self, ()) { () throws(SnapshotError) in try engine.reconfigureItems(ids) }
  }
  public mutating func appendSections(_ ids: [SectionIdentifierType]) {
    raising(Flavor.self, ()) { () throws(SnapshotError) in try engine.appendSections(ids) }
  }
  public mutating func insertSections(
    _ ids: [SectionIdentifierType], beforeSection: SectionIdentifierType
  ) {
    raising(Flavor.self, ()) { () throws(SnapshotError) in
      try engine.insertSections(ids, beforeSection: beforeSection)
    }
  }
  public mutating func insertSections(
    _ ids: [SectionIdentifierType], afterSection: SectionIdentifierType
  ) {
    raising(Flavor.self, ()) { () throws(SnapshotError) in
      try engine.insertSections(ids, afterSection: afterSection)
    }
  }
  public mutating func deleteSections(_ ids: [SectionIdentifierType]) {
    raising(Flavor.self, ()) { () throws(SnapshotError) in try engine.deleteSections(ids) }
  }
  public mutating func moveSection(
    _ section: SectionIdentifierType, beforeSection: SectionIdentifierType
  ) {
    raising(Flavor.self, ()) { () throws(SnapshotError) in
      try engine.moveSection(section, beforeSection: beforeSection)
    }
  }
  public mutating func moveSection(
    _ section: SectionIdentifierType, afterSection: SectionIdentifierType
  ) {
    raising(Flavor.self, ()) { () throws(SnapshotError) in
      try engine.moveSection(section, afterSection: afterSection)
    }
  }
  public mutating func reloadSections(_ ids: [SectionIdentifierType]) {
    raising(Flavor.self, ()) { () throws(SnapshotError) in try engine.reloadSections(ids) }
  }
}

/// How a fixture reacts to a call Apple rejects, and the bug it plants.
public protocol FixtureFlavor: Sendable {
  /// Ignores rejected calls instead of trapping.
  static var isLenient: Bool { get }
  /// `deleteAllItems()` keeps the (emptied) sections.
  static var deleteAllKeepsSections: Bool { get }
  /// A lenient `expand()` remembers ids that are not in the tree; they come
  /// back expanded when appended later.
  static var expandRemembersMissing: Bool { get }
  /// `reconfigureItems(_:)` marks the items reloaded instead.
  static var reconfigureReloads: Bool { get }
  /// `deleteItems(_:)` ignores the calls Apple rejects (duplicates, ids
  /// not in the snapshot) instead of trapping.
  static var deleteItemsIsLenient: Bool { get }
  /// `collapse(_:)` also collapses every descendant of the items.
  static var collapseCascades: Bool { get }
  /// `reconfigureItems(_:)` traps with "Index out of range".
  static var reconfigureTraps: Bool { get }
}

extension FixtureFlavor {
  public static var isLenient: Bool { false }
  public static var deleteAllKeepsSections: Bool { false }
  public static var expandRemembersMissing: Bool { false }
  public static var reconfigureReloads: Bool { false }
  public static var deleteItemsIsLenient: Bool { false }
  public static var collapseCascades: Bool { false }
  public static var reconfigureTraps: Bool { false }
}

/// Traps like Apple; no bug.
public enum Trapping: FixtureFlavor {}

/// Ignores rejected calls; no bug.
public enum Lenient: FixtureFlavor {
  public static var isLenient: Bool { true }
}

/// Traps; `deleteAllItems()` keeps the sections.
public enum TrappingKeepsSections: FixtureFlavor {
  public static var deleteAllKeepsSections: Bool { true }
}

/// Lenient; `expand()` remembers missing ids.
public enum LenientRemembersExpand: FixtureFlavor {
  public static var isLenient: Bool { true }
  public static var expandRemembersMissing: Bool { true }
}

/// Traps; `reconfigureItems(_:)` marks the items reloaded.
public enum TrappingReconfigureReloads: FixtureFlavor {
  public static var reconfigureReloads: Bool { true }
}

/// Declares `.traps`, but `deleteItems(_:)` ignores what Apple rejects.
public enum TrappingLenientDelete: FixtureFlavor {
  public static var deleteItemsIsLenient: Bool { true }
}

/// Traps; `collapse(_:)` also collapses the descendants.
public enum TrappingCascadingCollapse: FixtureFlavor {
  public static var collapseCascades: Bool { true }
}

/// Traps where Apple raises, and, planted, in `reconfigureItems(_:)`.
public enum TrappingReconfigureTraps: FixtureFlavor {
  public static var reconfigureTraps: Bool { true }
}
