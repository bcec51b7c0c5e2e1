import SnapshotCore
import SnapshotEngine

extension PlantedFull {
  /// Two bugs in one script, the second a trap: `deleteAllItems()` empties
  /// the sections but keeps them (a wrong result), and any
  /// `appendSections(_:)` after such a `deleteAllItems()` traps (a failed
  /// precondition). A case that shows the trap shows the divergence
  /// first, so a check that goes on past a divergence reports both: the
  /// first blamed on `deleteAllItems()`, the second on the
  /// `appendSections(_:)` it trapped in.
  public struct KeepingSectionsThenTrapping: ForwardingFullSnapshot {
    public init() {}
    public var base = EngineSnapshot<Int, Int>()
    /// Whether a `deleteAllItems()` kept sections (the trap is armed).
    var keptSections = false

    public mutating func deleteAllItems() {
      keptSections = keptSections || !base.sectionIdentifiers.isEmpty
      try? base.deleteItems(base.itemIdentifiers)
    }

    public mutating func appendSections(_ ids: [Int]) throws(SnapshotError) {
      precondition(!keptSections, "planted trap: appendSections after deleteAllItems kept sections")
      try base.appendSections(ids)
    }
  }
}
