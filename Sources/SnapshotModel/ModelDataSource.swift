import SnapshotCore

/// The reference headless `UICollectionViewDiffableDataSource` (semantics
/// B.5, C, D, E.1): the one `DiffableDataSource` over the reference model's
/// `ModelSnapshot`, `ModelSectionSnapshot` and `ModelDiffer`.
///
/// The data-source behaviour is written once, in `DiffableDataSource`, over
/// the SnapshotCore protocols (plain arrays and linear scans, like the rest
/// of the model); every `apply` returns the `ModelDiffer` changeset from the
/// previous state.
public typealias ModelDataSource<SectionIdentifier: Hashable, ItemIdentifier: Hashable> =
  DiffableDataSource<
    ModelSnapshot<SectionIdentifier, ItemIdentifier>,
    ModelSectionSnapshot<ItemIdentifier>,
    ModelDiffer<SectionIdentifier, ItemIdentifier>
  >

extension ModelDiffer: DataSourceDiffer {}
