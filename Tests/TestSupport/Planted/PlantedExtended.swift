import SnapshotCore
import SnapshotEngine
import Verification

/// A full snapshot that forwards the engine's extra API too; a planted bug
/// overrides the one call it breaks.
public protocol ForwardingExtendedSnapshot: ForwardingFullSnapshot, ExtendedSnapshotProtocol {}

extension ForwardingExtendedSnapshot {
  public mutating func appendItems(_ ids: [Int], contents: [Int], toSection section: Int?)
    throws(SnapshotError)
  {
    try base.appendItems(ids, contents: contents, toSection: section)
  }
  public func content(of item: Int) -> Int? { base.content(of: item) }
  public mutating func reserveCapacity(_ minimumItemCount: Int) {
    base.reserveCapacity(minimumItemCount)
  }
  public func indexPath(of item: Int) -> ItemPath? { base.indexPath(of: item) }
  public func contains(item: Int) -> Bool { base.contains(item: item) }
}

/// A section snapshot that forwards the engine's extra queries too.
public protocol ForwardingExtendedSectionSnapshot: ForwardingSectionSnapshot,
  ExtendedSectionSnapshotProtocol
{}

extension ForwardingExtendedSectionSnapshot {
  public var count: Int { base.count }
  public func children(of item: Int?) throws(SnapshotError) -> [Int] { try base.children(of: item) }
}

/// The engine's differ over a forwarding snapshot's base, stored contents
/// included.
public struct ForwardingEngineDiffer<Snapshot: ForwardingExtendedSnapshot>: DifferProtocol {
  public init() {}

  public func changeset(from old: Snapshot, to new: Snapshot, options: DiffOptions<Int>)
    -> Changeset
  {
    EngineDiffer<Int, Int>().changeset(from: old.base, to: new.base, options: options)
  }
}

/// Engine-like snapshots whose extra API lies, one planted bug each, and
/// references that report themselves broken.
public enum PlantedExtended {
  /// A clean forwarding full snapshot (the false-positive check).
  public struct CleanFull: ForwardingExtendedSnapshot {
    public init() {}
    public var base = EngineSnapshot<Int, Int>()
  }

  /// `indexPath(of:)` answers the global index as the item index.
  public struct GlobalIndexPath: ForwardingExtendedSnapshot {
    public init() {}
    public var base = EngineSnapshot<Int, Int>()
    public func indexPath(of item: Int) -> ItemPath? {
      guard let path = base.indexPath(of: item), let index = base.indexOfItem(item) else {
        return nil
      }
      return ItemPath(section: path.section, item: index)
    }
  }

  /// `contains(item:)` still answers `true` for the last deleted item.
  public struct StaleContains: ForwardingExtendedSnapshot {
    public init() {}
    public var base = EngineSnapshot<Int, Int>()
    public var deleted: Int?
    public mutating func deleteItems(_ ids: [Int]) throws(SnapshotError) {
      try base.deleteItems(ids)
      deleted = ids.last
    }
    public func contains(item: Int) -> Bool { item == deleted || base.contains(item: item) }
  }

  /// `reserveCapacity` drops the marks as a side effect.
  public struct ReserveDropsMarks: ForwardingExtendedSnapshot {
    public init() {}
    public var base = EngineSnapshot<Int, Int>()
    public mutating func reserveCapacity(_ minimumItemCount: Int) {
      base.reserveCapacity(minimumItemCount)
      base.removeAllMarks()
    }
  }

  /// `appendItems(_:contents:toSection:)` drops the contents.
  public struct DropsContents: ForwardingExtendedSnapshot {
    public init() {}
    public var base = EngineSnapshot<Int, Int>()
    public mutating func appendItems(_ ids: [Int], contents: [Int], toSection section: Int?)
      throws(SnapshotError)
    {
      try base.appendItems(ids, toSection: section)
    }
  }

  /// `appendItems(_:contents:toSection:)` stores the contents only while
  /// every item so far was appended with one and none was deleted (as a
  /// fast path that assumes fresh, in-order slots would): mixing plain and
  /// content appends, or appending after a delete, loses them.
  public struct FreshSlotsOnly: ForwardingExtendedSnapshot {
    public init() {}
    public var base = EngineSnapshot<Int, Int>()
    public var mixed = false
    public mutating func appendItems(_ ids: [Int], toSection section: Int?) throws(SnapshotError) {
      try base.appendItems(ids, toSection: section)
      mixed = mixed || !ids.isEmpty
    }
    public mutating func deleteItems(_ ids: [Int]) throws(SnapshotError) {
      try base.deleteItems(ids)
      mixed = true
    }
    public mutating func appendItems(_ ids: [Int], contents: [Int], toSection section: Int?)
      throws(SnapshotError)
    {
      if mixed {
        try base.appendItems(ids, toSection: section)
      } else {
        try base.appendItems(ids, contents: contents, toSection: section)
      }
    }
  }

  /// `content(of:)` reads the content stored at the item's position when
  /// it was appended (as contents kept in an array beside the items that
  /// inserts, moves and deletes inside the section do not shift would).
  public struct ContentsByPosition: ForwardingExtendedSnapshot {
    public init() {}
    public var base = EngineSnapshot<Int, Int>()
    public var byPath: [ItemPath: Int] = [:]
    public mutating func appendItems(_ ids: [Int], contents: [Int], toSection section: Int?)
      throws(SnapshotError)
    {
      try base.appendItems(ids, contents: contents, toSection: section)
      for (id, content) in zip(ids, contents) {
        if let path = base.indexPath(of: id) { byPath[path] = content }
      }
    }
    public func content(of item: Int) -> Int? { base.indexPath(of: item).flatMap { byPath[$0] } }
  }

  /// `content(of:)` answers 0 for an item stored without a content.
  public struct DefaultContent: ForwardingExtendedSnapshot {
    public init() {}
    public var base = EngineSnapshot<Int, Int>()
    public func content(of item: Int) -> Int? {
      base.contains(item: item) ? base.content(of: item) ?? 0 : nil
    }
  }

  /// A clean forwarding section snapshot.
  public struct CleanSection: ForwardingExtendedSectionSnapshot {
    public var base = EngineSectionSnapshot<Int>()
    public init() {}
    public init(base: EngineSectionSnapshot<Int>) { self.base = base }
  }

  /// `count` counts only the visible items.
  public struct VisibleCount: ForwardingExtendedSectionSnapshot {
    public var base = EngineSectionSnapshot<Int>()
    public init() {}
    public init(base: EngineSectionSnapshot<Int>) { self.base = base }
    public var count: Int { base.visibleItems.count }
  }

  /// `children(of:)` answers `[]` for an absent item instead of throwing.
  public struct QuietChildren: ForwardingExtendedSectionSnapshot {
    public var base = EngineSectionSnapshot<Int>()
    public init() {}
    public init(base: EngineSectionSnapshot<Int>) { self.base = base }
    public func children(of item: Int?) throws(SnapshotError) -> [Int] {
      if let item, !base.contains(item) { return [] }
      return try base.children(of: item)
    }
  }

  /// A reference full snapshot that reports itself broken while it holds a
  /// reload mark.
  public struct BrokenReferenceFull: ForwardingFullSnapshot {
    public init() {}
    public var base = EngineSnapshot<Int, Int>()
    public func invariantViolations() -> [String] {
      base.reloadedItemIdentifiers.isEmpty ? [] : ["planted: reload marks corrupt"]
    }
  }

  /// A reference section snapshot that reports itself broken while an
  /// item is expanded.
  public struct BrokenReferenceSection: ForwardingSectionSnapshot {
    public var base = EngineSectionSnapshot<Int>()
    public init() {}
    public init(base: EngineSectionSnapshot<Int>) { self.base = base }
    public func invariantViolations() -> [String] {
      base.expandedItems.isEmpty ? [] : ["planted: expanded set corrupt"]
    }
  }
}
