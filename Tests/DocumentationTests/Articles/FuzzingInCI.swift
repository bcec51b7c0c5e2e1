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
  // Apple's semantics; `includeContracts: true` holds your
  // code to this engine's promises (minimal moves, exact refresh) too.
  SnapshotFuzz.main(Catalog.propertySet(for: mine))
}

/// Your own properties join the catalog's in the same command.
func myFuzzMainWithMyProperties() {
  let mine = Implementation(
    name: "my differ", snapshot: EngineSnapshot<Int, Int>.self,
    sectionSnapshot: EngineSectionSnapshot<Int>.self
  ) { MyDiffer() }
  var set = Catalog.propertySet(for: mine)
  set.properties += [reverseTwice.eraseToAnyProperty(), sortedIsIdempotent.eraseToAnyProperty()]
  SnapshotFuzz.main(set + Catalog.propertySet(for: .engine).prefixed("engine."))
}
