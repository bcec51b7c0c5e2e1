import SnapshotFuzzCommand
import Verification

SnapshotFuzz.main(Catalog.propertySet(for: .engine, includeContracts: true))
