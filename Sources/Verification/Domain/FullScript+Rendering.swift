import Generators
import SnapshotCore
import SnapshotModel

extension FullScript {
  /// The script as a ready-to-paste Swift Testing function on `candidate`
  /// (a full snapshot type name) with `Map`'s identifiers (`IntIdentifiers`:
  /// the catalog's own) that asserts, after the start layout and after
  /// every command, what `full.differential` compares: the error or none,
  /// the layout, the counts, the marks, every id's index and section
  /// (`RenderedState.fullFunction`), and every other step `==` with the
  /// state before it; the expected values computed on the reference model
  /// with the user's ids and written in the user's terms.
  ///
  /// With `copies` (`meta.valueSemantics.full`), a copy is kept before
  /// every command, and each copy must still hold the state it was taken
  /// in right after the command and at the end.
  ///
  /// Only what a type with `capabilities` has is asserted: no marks without
  /// `.readableMarks` (their order only with `.orderedMarks`), no `==`
  /// without `.equality`.
  func stepwiseSwiftTest<Map: IdentifierMapping>(
    named name: String, candidate: String, universe: Universe, identifiers: Map.Type,
    copies: Bool = false, capabilities: SnapshotCapabilities = .all
  ) -> String {
    let ids = DataSourceLiterals<Map>()
    let variable = "c"
    let itemUniverse = Array(0...universe.items)
    let sectionUniverse = Array(0...universe.sections)
    typealias Model = MappedSnapshot<ModelSnapshot<Map.Section, Map.Item>, Map>
    var model = Model()
    var test = StepwiseTest(
      variable: variable, copies: copies,
      text: { (snapshot: Model) in
        SwiftCode.strings(
          RenderedState.full(
            snapshot.base, items: itemUniverse.map(Map.item),
            sections: sectionUniverse.map(Map.section), capabilities: capabilities))
      }, error: { "\(Map.userError($0))" },
      body: [
        "var \(variable) = \(candidate)()",
        RenderedState.fullFunction(
          candidate: candidate, items: ids.items(itemUniverse),
          sections: ids.sections(sectionUniverse), capabilities: capabilities),
      ])
    test.equality = capabilities.contains(.equality)
    for (index, command) in (setupCommands + commands).enumerated() {
      let call = IdentifierRendering<Map>.rewriteLine(command.swiftCall(on: variable))
      test.step(index, call: call, canThrow: command.canThrow, on: &model) {
        (model: inout Model) throws(SnapshotError) -> Model? in
        try command.apply(to: &model)
        return nil
      }
    }
    return test.test(named: name)
  }
}

extension FullScript {
  /// The `misuse.traps.full` case as a Swift Testing function on
  /// `candidate`: the commands the reference model accepts up to its first
  /// rejected one (or `fallback` when it rejects none), then that call,
  /// which Apple rejects, so a trap-style implementation must trap there.
  /// Packaged (`SwiftCode.packaged`), the body runs in an exit test that
  /// expects the trap.
  func misuseSwiftTest(named name: String, candidate: String, fallback: FullCommand) -> String {
    var body = ["var c = \(candidate)()"]
    var model = ModelSnapshot<Int, Int>()
    for command in allCommands + [fallback] {
      let call = command.swiftCall(on: "c")
      do throws(SnapshotError) {
        try command.apply(to: &model)
        body.append(command.canThrow ? "try " + call : call)
      } catch {
        body.append("try \(call)  // Apple rejects it: \(StateText.identifiers.error(error))")
        break
      }
    }
    return SwiftCode.test(named: name, body: body)
  }
}
