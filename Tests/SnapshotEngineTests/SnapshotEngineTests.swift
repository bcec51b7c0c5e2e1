// The SnapshotEngineTests test target; its suites live beside this file.
