import SnapshotCore
import SnapshotEngine

/// The engine's differ, except that an item inserted and marked for reload
/// in the same apply is reloaded too, as UIKit may do: Apple-required
/// semantics still hold, this engine's exact-refresh contract does not.
public struct UIKitReloadDiffer: DifferProtocol, Sendable {
  public init() {}

  public func changeset(
    from old: EngineSnapshot<Int, Int>, to new: EngineSnapshot<Int, Int>, options: DiffOptions<Int>
  ) -> Changeset {
    var batches = EngineDiffer<Int, Int>().changeset(from: old, to: new, options: options).batches
    let extra = new.reloadedItemIdentifiers.filter { old.indexOfItem($0) == nil }
      .compactMap(new.itemPath(of:))
    guard !extra.isEmpty else { return Changeset(batches: batches) }
    if let last = batches.last, last.isReloadOnly {
      batches[batches.count - 1].itemReloads += extra
    } else {
      batches.append(Changeset.Batch(itemReloads: extra))
    }
    return Changeset(batches: batches.map { $0.normalized() })
  }
}

/// A full snapshot whose `appendItems` corrupts it: appending an item
/// already in another section copies it instead of moving it.
public struct DuplicatingAppendSnapshot: SnapshotProtocol, Sendable {
  public var sections: [(id: Int, items: [Int])] = []
  public var reloadedItemIdentifiers: [Int] = []
  public var reloadedSectionIdentifiers: [Int] = []
  public var reconfiguredItemIdentifiers: [Int] = []

  public init() {}

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.sections.map(\.id) == rhs.sections.map(\.id)
      && lhs.sections.map(\.items) == rhs.sections.map(\.items)
  }

  public var numberOfItems: Int { itemIdentifiers.count }
  public var numberOfSections: Int { sections.count }
  public var sectionIdentifiers: [Int] { sections.map(\.id) }
  public var itemIdentifiers: [Int] { sections.flatMap(\.items) }
  public func numberOfItems(inSection section: Int) throws(SnapshotError) -> Int {
    try itemIdentifiers(inSection: section).count
  }
  public func itemIdentifiers(inSection section: Int) throws(SnapshotError) -> [Int] {
    guard let entry = sections.first(where: { $0.id == section }) else {
      throw .sectionNotFound(String(section))
    }
    return entry.items
  }
  public func sectionIdentifier(containingItem item: Int) -> Int? {
    sections.first { $0.items.contains(item) }?.id
  }
  public func indexOfItem(_ item: Int) -> Int? { itemIdentifiers.firstIndex(of: item) }
  public func indexOfSection(_ section: Int) -> Int? { sections.firstIndex { $0.id == section } }
  public mutating func appendItems(_ ids: [Int], toSection section: Int?) throws(SnapshotError) {
    guard let index = section.flatMap(indexOfSection) ?? sections.indices.last else {
      throw .noSections
    }
    sections[index].items += ids.filter { !sections[index].items.contains($0) }
  }
  public mutating func insertItems(_ ids: [Int], beforeItem: Int) throws(SnapshotError) {}
  public mutating func insertItems(_ ids: [Int], afterItem: Int) throws(SnapshotError) {}
  public mutating func deleteItems(_ ids: [Int]) throws(SnapshotError) {
    for index in sections.indices { sections[index].items.removeAll(where: ids.contains) }
  }
  public mutating func deleteAllItems() { sections = [] }
  public mutating func moveItem(_ item: Int, beforeItem: Int) throws(SnapshotError) {}
  public mutating func moveItem(_ item: Int, afterItem: Int) throws(SnapshotError) {}
  public mutating func reloadItems(_ ids: [Int]) throws(SnapshotError) {}
  public mutating func reconfigureItems(_ ids: [Int]) throws(SnapshotError) {}
  public mutating func appendSections(_ ids: [Int]) throws(SnapshotError) {
    sections += ids.filter { indexOfSection($0) == nil }.map { ($0, []) }
  }
  public mutating func insertSections(_ ids: [Int], beforeSection: Int) throws(SnapshotError) {}
  public mutating func insertSections(_ ids: [Int], afterSection: Int) throws(SnapshotError) {}
  public mutating func deleteSections(_ ids: [Int]) throws(SnapshotError) {
    sections.removeAll { ids.contains($0.id) }
  }
  public mutating func moveSection(_ section: Int, beforeSection: Int) throws(SnapshotError) {}
  public mutating func moveSection(_ section: Int, afterSection: Int) throws(SnapshotError) {}
  public mutating func reloadSections(_ ids: [Int]) throws(SnapshotError) {}
  public mutating func removeAllMarks() {}
  public func invariantViolations() -> [String] { [] }
}
