import SnapshotFuzzCommand
import Verification

SnapshotFuzz.main(properties: Catalog.typedAll)
