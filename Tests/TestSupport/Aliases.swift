import SnapshotModel

public typealias ModelSnapshotInt = ModelSnapshot<Int, Int>
