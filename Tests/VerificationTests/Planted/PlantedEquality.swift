import SnapshotCore
import SnapshotEngine

/// Snapshots whose `==` is wrong, for the `==` check of the differential
/// properties (`full.differential`, `section.differential` compare `==`
/// with the state before each step).
enum PlantedEquality {
  /// `==` compares the items only, not the sections that hold them.
  struct FullIgnoresSections: ForwardingFullSnapshot {
    var base = EngineSnapshot<Int, Int>()
    static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.base.itemIdentifiers == rhs.base.itemIdentifiers
    }
  }

  /// `==` compares the items in pre-order only, not the parents or the
  /// expanded set.
  struct SectionIgnoresShape: ForwardingSectionSnapshot {
    var base = EngineSectionSnapshot<Int>()
    init() {}
    init(base: EngineSectionSnapshot<Int>) { self.base = base }
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.base.items == rhs.base.items }
  }
}
