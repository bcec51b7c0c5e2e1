// The reference model's types appear in this module's public API (an
// implementation without a data source of its own is checked with
// `ModelDataSource`): a client that imports `Verification` can name them,
// and declare a `public` implementation, without importing the model.
@_exported import SnapshotModel
