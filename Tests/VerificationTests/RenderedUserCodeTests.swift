import Generators
import SnapshotCore
import SnapshotEngine
import TestSupport
import Testing

@testable import Verification

/// Rendered tests for user implementations: calls Apple rejects shown as
/// skipped for trap-style implementations.
@Suite struct RenderedUserCodeTests {
  @Test func aGuardedImplementationsRenderedTestSkipsRejectedCalls() {
    // A script with a rejected call, rendered for a trap-style
    // implementation: the candidate never receives it.
    let script = FullScript(
      initial: [],
      commands: [.appendSections([1]), .deleteItems([2, 2]), .appendItems([3], toSection: 1)])
    let trapping = Implementation(
      name: "trapping", snapshot: EngineSnapshot<Int, Int>.self,
      sectionSnapshot: EngineSectionSnapshot<Int>.self, misuse: .traps
    ) { EngineDiffer<Int, Int>() }
    let code =
      Catalog.properties(for: trapping, families: [.full]).first?.render(script) ?? ""
    #expect(code.contains("// skipped: `c.deleteItems([2, 2])`: Apple rejects it"), "\(code)")
    #expect(!code.contains("{ try c."), "\(code)")
  }
}
