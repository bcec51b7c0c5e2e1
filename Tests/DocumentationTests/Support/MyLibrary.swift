import SnapshotCore
import SnapshotEngine

/// Stands in for the snapshot type of the user's library in the article's
/// conformance target (public, as a library's type is).
public typealias MySnapshot<Section: Hashable, Item: Hashable> = EngineSnapshot<Section, Item>

/// Stands in for the differ of the user's library: here the engine's.
public struct MySnapshotDiffer<Section: Hashable, Item: Hashable>: DifferProtocol {
  /// Creates the differ.
  public init() {}

  /// The engine's changeset from `old` to `new`.
  public func changeset(
    from old: EngineSnapshot<Section, Item>, to new: EngineSnapshot<Section, Item>,
    options: DiffOptions<Item>
  ) -> Changeset {
    EngineDiffer<Section, Item>().changeset(from: old, to: new, options: options)
  }
}
