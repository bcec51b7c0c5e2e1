import SnapshotEngine

typealias EngineSectionSnapshotInt = EngineSectionSnapshot<Int>
