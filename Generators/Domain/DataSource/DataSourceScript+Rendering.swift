import SnapshotCore
import SnapshotModel

extension DataSourceScript {
  /// Swift statements that replay the session on a `ModelDataSource<Int,
  /// Int>` named `name` (or another type, e.g. `EngineDataSource<Int,
  /// Int>`, with its snapshot types): the handlers, then each call, with
  /// `#expect(throws:)` where the reference data source throws. Each
  /// snapshot argument is declared just before its use.
  public func swiftStatements(
    on name: String, type: String = "ModelDataSource<Int, Int>",
    snapshotType: String = "ModelSnapshot<Int, Int>",
    sectionSnapshotType: String = "ModelSectionSnapshot<Int>"
  ) -> [String] {
    func list(_ ids: [Int]) -> String { "[" + ids.map(String.init).joined(separator: ", ") + "]" }
    let canReorder = refusedReorders.isEmpty
      ? "{ _ in true }" : "{ !\(list(refusedReorders)).contains($0) }"
    var lines = [
      "var \(name) = \(type)()",
      "\(name).reorderingHandlers.canReorderItem = \(canReorder)",
    ]
    if !vetoedToggles.isEmpty {
      lines.append("\(name).sectionSnapshotHandlers.shouldExpandItem = { !\(list(vetoedToggles)).contains($0) }")
      lines.append("\(name).sectionSnapshotHandlers.shouldCollapseItem = { !\(list(vetoedToggles)).contains($0) }")
    }
    var model = ModelDataSource<Int, Int>()
    configure(&model)
    for (index, command) in commands.enumerated() {
      let argument = "\(name)Arg\(index)"
      switch command {
      case .apply(let layout, let changed):
        let script = FullScript(initial: layout, commands: [])
        lines.append("var \(argument) = \(snapshotType)()")
        lines += script.swiftStatements(on: argument)
        let items = script.start(as: ModelSnapshot<Int, Int>.self).itemIdentifiers
        let entries = items.map { "\($0): \(changed.contains($0) ? 1 : 0)" }
        lines.append(
          "let \(argument)Contents: ContentMap<Int> = [\(entries.isEmpty ? ":" : entries.joined(separator: ", "))]")
      case .applyTo(let forest, _):
        lines += forest.swiftStatements(declaring: argument, type: sectionSnapshotType)
      default:
        break
      }
      let call = command.swiftCall(on: name, argument: argument)
      do throws(SnapshotError) {
        try command.perform(on: &model)
        switch command {
        case .apply, .applyTo: lines.append("_ = " + call)
        case .userToggle, .userReorder: lines.append("_ = try " + call)
        }
      } catch {
        lines.append("#expect(throws: SnapshotError.self) { try \(call) }  // \(error)")
      }
    }
    return lines
  }
}
