import SnapshotFuzzCommand
import Verification

SnapshotFuzz.main(Catalog.engineSet)
