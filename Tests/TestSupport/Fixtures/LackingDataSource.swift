import SnapshotCore
import SnapshotEngine

/// A full snapshot that keeps its marks to itself (it declares
/// `.readableMarks` missing; only its own data source reads them) and
/// declares `reconfigureItems` and `==` missing.
public struct OpaqueMarksSnapshot: ForwardingFullSnapshot {
  public init() {}
  public var base = EngineSnapshot<Int, Int>()

  public static var capabilities: SnapshotCapabilities {
    SnapshotCapabilities.all.subtracting([.readableMarks, .orderedMarks, .reconfigure, .equality])
  }
  /// Lacking: does nothing (a catalog that made the call would see no
  /// reconfigure where the reference has one).
  public mutating func reconfigureItems(_ ids: [Int]) throws(SnapshotError) {}
}

/// A section snapshot without `visualDescription()`, `expandedItems`,
/// `index(of:)` and `==` (declared missing): the first three answer
/// wrongly, so a catalog that read one would fail. `Bug` may plant a bug
/// in `expand`.
public struct BareSectionSnapshot<Bug: ReimplementationBug>: ForwardingSectionSnapshot {
  public var base = EngineSectionSnapshot<Int>()

  public static var capabilities: SectionSnapshotCapabilities {
    SectionSnapshotCapabilities.all.subtracting([
      .visualDescription, .expandedItems, .indexOf, .equality,
    ])
  }

  public init() {}
  public init(base: EngineSectionSnapshot<Int>) { self.base = base }

  public var expandedItems: [Int] { base.items }
  public func index(of item: Int) -> Int? { 0 }
  public func visualDescription() -> String { "not UIKit's text" }
  public mutating func expand(_ items: [Int]) {
    base.expand(Bug.expandDropsLast ? Array(items.dropLast()) : items)
  }
}

/// The data source's differ: the engine's, on the snapshot's storage.
public struct OpaqueMarksDiffer: DataSourceDiffer, Sendable {
  public init() {}
  public func changeset(
    from old: OpaqueMarksSnapshot, to new: OpaqueMarksSnapshot, options: DiffOptions<Int>
  ) -> Changeset {
    EngineDiffer<Int, Int>().changeset(from: old.base, to: new.base, options: options)
  }
}

/// A user's data source over snapshot types that lack marks, `==`,
/// `reconfigureItems`, `visualDescription()`, `expandedItems` and
/// `index(of:)` (issue 18): the data-source audits must not judge it on
/// them.
public typealias LackingDataSource<Bug: ReimplementationBug> = DiffableDataSource<
  OpaqueMarksSnapshot, BareSectionSnapshot<Bug>, OpaqueMarksDiffer
>
