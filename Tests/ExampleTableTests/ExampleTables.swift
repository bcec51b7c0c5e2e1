// Example tables written once, generic over SnapshotProtocol and
// SectionSnapshotProtocol, and run against every implementation.
