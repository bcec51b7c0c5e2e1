/// A differ a `DiffableDataSource` makes for itself: a `DifferProtocol`
/// conformer with an argument-free initializer.
///
/// `ModelDiffer` and `EngineDiffer` conform, which is what lets
/// `ModelDataSource` and `EngineDataSource` be the one generic data source
/// over different snapshot types.
public protocol DataSourceDiffer: DifferProtocol {
  /// Creates the differ a data source diffs its applies with.
  init()
}
