import Generators
import SnapshotCore
import SnapshotModel

extension SectionScript {
  /// The script as a ready-to-paste Swift Testing function on `candidate`
  /// (a section snapshot type name) with `Map`'s identifiers
  /// (`IntIdentifiers`: the catalog's own) that asserts, after the start
  /// tree and after every command, what `section.differential` compares:
  /// the error or none, the tree (items, roots, visible and expanded
  /// items, every item's index, level, parent and flags, an id outside the
  /// tree, `visualDescription`; `RenderedState.sectionFunction`), the
  /// snapshot `snapshot(of:includingParent:)` extracts, and every other
  /// step `==` with the tree before it; the expected values computed on the
  /// reference model with the user's ids and written in the user's terms.
  ///
  /// With `copies` (`meta.valueSemantics.section`), a copy is kept before
  /// every command, and each copy must still hold the tree it was taken in
  /// right after the command and at the end.
  ///
  /// Only what a type with `capabilities` has is asserted (no
  /// `expandedItems`, `index(of:)`, `visualDescription()` or `==` it lacks).
  func stepwiseSwiftTest<Map: IdentifierMapping>(
    named name: String, candidate: String, universe: Int, identifiers: Map.Type,
    copies: Bool = false, capabilities: SectionSnapshotCapabilities = .all
  ) -> String {
    let variable = "c"
    let rewrite = IdentifierRendering<Map>.rewriteLine
    var model: MappedSectionSnapshot<ModelSectionSnapshot<Map.Item>, Map> = initial.build()
    let text = { (tree: MappedSectionSnapshot<ModelSectionSnapshot<Map.Item>, Map>) in
      SwiftCode.strings(
        RenderedState.section(tree.base, absent: Map.item(universe), capabilities: capabilities))
    }
    var test = StepwiseTest(
      variable: variable, copies: copies, text: text, error: { "\(Map.userError($0))" },
      body: initial.swiftStatements(declaring: variable, type: candidate).map(rewrite) + [
        RenderedState.sectionFunction(
          candidate: candidate, absent: Map.itemLiteral(universe), capabilities: capabilities),
        "#expect(state(\(variable)) == \(text(model)))",
      ])
    test.equality = capabilities.contains(.equality)
    for (index, command) in commands.enumerated() {
      let argument = "\(variable)Arg\(index)"
      if let forest = command.forest {
        test.body += forest.swiftStatements(declaring: argument, type: candidate).map(rewrite)
      }
      let call = rewrite(command.swiftCall(on: variable, argument: argument))
      test.step(index, call: call, canThrow: command.canThrow, on: &model) {
        model throws(SnapshotError) in
        try command.apply(to: &model)
      }
    }
    return test.test(named: name)
  }
}

extension SectionScript {
  /// The `misuse.traps.section` case as a Swift Testing function on
  /// `candidate`: the start tree, the commands the reference model accepts
  /// up to its first rejected one (or `fallback` when it rejects none),
  /// then that call, which Apple rejects, so a trap-style implementation
  /// must trap there (packaged, in an exit test that expects the trap).
  func misuseSwiftTest(named name: String, candidate: String, fallback: SectionCommand) -> String {
    var body = initial.swiftStatements(declaring: "c", type: candidate)
    var model = initial.build(as: ModelSectionSnapshot<Int>.self)
    for (index, command) in (commands + [fallback]).enumerated() {
      let argument = "cArg\(index)"
      if let forest = command.forest {
        body += forest.swiftStatements(declaring: argument, type: candidate)
      }
      let call = command.swiftCall(on: "c", argument: argument)
      let prefix = command.canThrow ? (command.extracts ? "_ = try " : "try ") : ""
      do throws(SnapshotError) {
        _ = try command.apply(to: &model)
        body.append(prefix + call)
      } catch {
        body.append(
          "\(prefix.isEmpty ? "try " : prefix)\(call)  // Apple rejects it: \(StateText.identifiers.error(error))"
        )
        break
      }
    }
    return SwiftCode.test(named: name, body: body)
  }
}

extension SectionCommand {
  /// Whether the command returns a snapshot (`snapshot(of:includingParent:)`).
  var extracts: Bool {
    if case .snapshot = self { return true }
    return false
  }
}
