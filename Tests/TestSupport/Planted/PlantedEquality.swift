import SnapshotCore
import SnapshotEngine

/// Snapshots whose `==` is wrong, for the `==` check of the differential
/// properties (`full.differential`, `section.differential` compare `==`
/// with the state before each step).
public enum PlantedEquality {
  /// `==` compares the items only, not the sections that hold them.
  public struct FullIgnoresSections: ForwardingFullSnapshot {
    public init() {}
    public var base = EngineSnapshot<Int, Int>()
    public static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.base.itemIdentifiers == rhs.base.itemIdentifiers
    }
  }

  /// `==` compares the items in pre-order only, not the parents or the
  /// expanded set.
  public struct SectionIgnoresShape: ForwardingSectionSnapshot {
    public var base = EngineSectionSnapshot<Int>()
    public init() {}
    public init(base: EngineSectionSnapshot<Int>) { self.base = base }
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.base.items == rhs.base.items }
  }
}
