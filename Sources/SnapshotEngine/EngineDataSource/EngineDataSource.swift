import SnapshotCore

/// The engine's headless `UICollectionViewDiffableDataSource`: the one
/// `DiffableDataSource` (semantics B.5, C, D, E.1, the rules fixed in
/// `DataSourceProtocol`) over `EngineSnapshot`, `EngineSectionSnapshot` and
/// `EngineDiffer`.
///
/// The catalog checks it against the reference `ModelDataSource`, which is
/// written independently in SnapshotModel. Every `apply` returns the
/// `EngineDiffer` changeset from the previous state (move-minimal, so it may
/// differ from the model's, while replaying to the same state).
public typealias EngineDataSource<SectionIdentifier: Hashable, ItemIdentifier: Hashable> =
  DiffableDataSource<
    EngineSnapshot<SectionIdentifier, ItemIdentifier>,
    EngineSectionSnapshot<ItemIdentifier>,
    EngineDiffer<SectionIdentifier, ItemIdentifier>
  >

extension EngineDiffer: DataSourceDiffer {}
