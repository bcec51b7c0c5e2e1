// The `SnapshotModel` module.
