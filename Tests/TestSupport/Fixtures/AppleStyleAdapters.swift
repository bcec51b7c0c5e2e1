import SnapshotCore
import SnapshotEngine

// The whole adapter a trap-style implementation needs: its non-throwing
// methods already witness the `throws(SnapshotError)` requirements; only
// the two non-Apple members are added.

extension AppleStyleSnapshot: SnapshotProtocol {
  public mutating func removeAllMarks() { engine.removeAllMarks() }
  public func invariantViolations() -> [String] { [] }
}

extension AppleStyleSectionSnapshot: SectionSnapshotProtocol {
  public func invariantViolations() -> [String] { [] }
}

/// The differ a user of the Apple-style snapshot would ship (here the
/// engine's, on the snapshot's storage).
public struct AppleStyleDiffer<
  Section: Hashable & Sendable, Item: Hashable & Sendable, Flavor: FixtureFlavor
>:
  DifferProtocol, Sendable
{
  public init() {}

  public func changeset(
    from old: AppleStyleSnapshot<Section, Item, Flavor>,
    to new: AppleStyleSnapshot<Section, Item, Flavor>,
    options: DiffOptions<Item>
  ) -> Changeset {
    EngineDiffer<Section, Item>().changeset(from: old.engine, to: new.engine, options: options)
  }
}
