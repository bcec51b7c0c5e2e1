import SnapshotModel

typealias ModelSnapshotInt = ModelSnapshot<Int, Int>
