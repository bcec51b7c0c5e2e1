import SnapshotEngine

public typealias EngineSectionSnapshotInt = EngineSectionSnapshot<Int>
