// The `SnapshotEngine` module.
