import SnapshotEngine

extension EngineSnapshot: ExtendedSnapshotProtocol
where SectionIdentifier == Int, ItemIdentifier == Int {}
