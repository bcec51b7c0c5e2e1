import SnapshotCore

/// The engine's headless `UICollectionViewDiffableDataSource`: the one
/// `DiffableDataSource` (semantics B.5, C, D, E.1, the rules fixed in
/// `DataSourceProtocol`) over `EngineSnapshot`, `EngineSectionSnapshot` and
/// `EngineDiffer`.
///
/// The behaviour is the reference model's by construction: the same generic
/// code runs over the engine's types. Every `apply` returns the
/// `EngineDiffer` changeset from the previous state (move-minimal, so it may
/// differ from the model's, while replaying to the same state).
public typealias EngineDataSource<SectionIdentifier: Hashable, ItemIdentifier: Hashable> =
  DiffableDataSource<
    EngineSnapshot<SectionIdentifier, ItemIdentifier>,
    EngineSectionSnapshot<ItemIdentifier>,
    EngineDiffer<SectionIdentifier, ItemIdentifier>
  >

extension EngineDiffer: DataSourceDiffer {}
