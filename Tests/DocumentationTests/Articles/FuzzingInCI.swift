import SnapshotEngine
import SnapshotFuzzCommand
import Verification

/// The article's `Sources/my-fuzz/main.swift`, as a function so that it
/// compiles in a test target (never called: it would exit the process).
func myFuzzMain() {
  let mine = Implementation(
    name: "my differ", snapshot: EngineSnapshot<Int, Int>.self,
    sectionSnapshot: EngineSectionSnapshot<Int>.self
  ) { MyDiffer() }
  // Apple's semantics only; drop `includeContracts: false` to hold your
  // code to this engine's promises (minimal moves, exact refresh) too.
  SnapshotFuzz.main(properties: Catalog.typedProperties(for: mine, includeContracts: false))
}

/// Your own properties join the catalog's in the same command.
func myFuzzMainWithMyProperties() {
  let properties: [any VisitableProperty] = Catalog.typedAll + [reverseTwice, sortedIsIdempotent]
  SnapshotFuzz.main(properties: properties)
}
