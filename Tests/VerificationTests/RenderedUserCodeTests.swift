import Generators
import SnapshotCore
import SnapshotEngine
import Testing

@testable import Verification

/// Rendered tests for user implementations: the user's identifier literals,
/// and calls Apple rejects shown as skipped for trap-style and lenient
/// implementations.
@Suite struct RenderedUserCodeTests {
  @Test func callsOnTheCandidateUseTheMappingsLiterals() {
    let code = """
      @Test func x() throws {
        var c = MySnapshot<String, String>()
        try c.appendSections([0, 12])
        try c.appendItems([3, 4], toSection: 12)
        try c.moveSection(0, afterSection: 12)
        try cArg2.insert([5], after: 6)
        try s.appendItems([3], toSection: 0)
        var oldContent: ContentMap<Int> = [:]
        for item in new.itemIdentifiers { newContent[item] = [3, 10].contains(item) ? 1 : 0 }
        #expect(c.sectionIdentifiers == s.sectionIdentifiers)
        #expect(c.items == t.items)
        #expect(update.reloadedItems.sorted() == [3, 5])
        #expect(update.reloadedSections.sorted() == [])
      }
      """
    let rewritten = IdentifierRendering<StringIdentifiers>.rewrite(code)
    #expect(rewritten.contains(#"try c.appendSections(["s0", "s12"])"#))
    #expect(rewritten.contains(#"try c.appendItems(["i3", "i4"], toSection: "s12")"#))
    #expect(rewritten.contains(#"try c.moveSection("s0", afterSection: "s12")"#))
    #expect(rewritten.contains(#"try cArg2.insert(["i5"], after: "i6")"#))
    #expect(rewritten.contains("try s.appendItems([3], toSection: 0)"))
    #expect(rewritten.contains("ContentMap<Swift.String>"))
    #expect(rewritten.contains(#"["i3", "i10"].contains(item)"#))
    #expect(
      rewritten.contains(
        "#expect(c.sectionIdentifiers == s.sectionIdentifiers.map(Verification.StringIdentifiers.section))"
      ))
    #expect(
      rewritten.contains("#expect(c.items == t.items.map(Verification.StringIdentifiers.item))"))
    #expect(rewritten.contains(#"#expect(Set(update.reloadedItems) == Set(["i3", "i5"]))"#))
    #expect(rewritten.contains("#expect(Set(update.reloadedSections) == Set([]))"))
  }

  @Test func rejectedCallsOnTheCandidateAreSkipped() {
    let code = """
      @Test func x() throws {
        #expect(throws: SnapshotError.self) { try s.deleteItems([1, 1]) }  // duplicateInArgument
        #expect(throws: SnapshotError.self) { try c.deleteItems([1, 1]) }  // duplicateInArgument
      }
      """
    let rewritten = SwiftCode.rejectedCalls(code, as: MisusePolicy(behaviors: [:]))
    #expect(rewritten.contains("#expect(throws: SnapshotError.self) { try s.deleteItems([1, 1]) }"))
    #expect(
      rewritten.contains(
        "  // skipped: Apple rejects this call: c.deleteItems([1, 1])  // duplicateInArgument"))
  }

  @Test func rejectedCallsAreRenderedAsTheirFamilyIsDeclared() {
    let code = """
        #expect(throws: SnapshotError.self) { try c.deleteItems([1, 1]) }  // duplicateInArgument
        #expect(throws: SnapshotError.self) { try c.appendItems([1, 1]) }  // duplicateInArgument
        #expect(throws: SnapshotError.self) { try c.reloadItems([9]) }  // itemNotFound
      """
    let policy = MisusePolicy(behaviors: [
      .deletions: .ignores, .itemMutations: .traps, .marks: .throws,
    ])
    let lines = SwiftCode.rejectedCalls(code, as: policy).split(separator: "\n").map {
      String($0.drop { $0 == " " })
    }
    #expect(
      lines == [
        "#expect(throws: Never.self) { try c.deleteItems([1, 1]) }  "
          + "// ignored (declared `.ignores`): duplicateInArgument",
        "// skipped: Apple rejects this call: c.appendItems([1, 1])  // duplicateInArgument",
        "#expect(throws: SnapshotError.self) { try c.reloadItems([9]) }  // itemNotFound",
      ])
  }

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
      Catalog.typedProperties(for: trapping, families: [.full])
      .compactMap { $0.accept(RenderProbe(script: script)) }.first ?? ""
    #expect(code.contains("// skipped: Apple rejects this call: c.deleteItems([2, 2])"), "\(code)")
    #expect(!code.contains("{ try c."), "\(code)")
  }
}

/// Renders a given full script with a full-snapshot property.
struct RenderProbe: PropertyVisitor {
  let script: FullScript
  func visit<Case>(_ property: Property<Case>) -> String? {
    (script as? Case).map(property.render)
  }
}
