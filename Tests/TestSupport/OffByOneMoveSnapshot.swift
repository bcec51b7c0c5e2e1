import SnapshotCore
import SnapshotEngine

/// A full snapshot with one planted bug: a cross-section
/// `moveItem(_:afterItem:)` lands one position early (directly *before* the
/// destination). Everything else forwards to the engine.
public struct OffByOneMoveSnapshot: ForwardingFullSnapshot {
  public init() {}
  public var base = EngineSnapshot<Int, Int>()

  public mutating func moveItem(_ item: Int, afterItem: Int) throws(SnapshotError) {
    let from = base.sectionIdentifier(containingItem: item)
    let to = base.sectionIdentifier(containingItem: afterItem)
    if let from, let to, from != to {
      try base.moveItem(item, beforeItem: afterItem)
    } else {
      try base.moveItem(item, afterItem: afterItem)
    }
  }
}
