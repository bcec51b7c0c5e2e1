import SnapshotEngine

extension EngineSectionSnapshot: ExtendedSectionSnapshotProtocol where ItemIdentifier == Int {}
