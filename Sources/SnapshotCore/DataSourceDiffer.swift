/// A differ a `DiffableDataSource` makes for itself: a `DifferProtocol`
/// conformer with an argument-free initializer.
///
/// `EngineDiffer` conforms (`EngineDataSource` is `DiffableDataSource` over
/// the engine's types); a user's differ conforms to build a data source on
/// `DiffableDataSource`.
public protocol DataSourceDiffer: DifferProtocol {
  /// Creates the differ a data source diffs its applies with.
  init()
}
