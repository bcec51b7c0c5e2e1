import SnapshotCore
import SnapshotModel

extension DataSourceScript {
  /// Swift statements that replay the session on a `ModelDataSource<Int,
  /// Int>` named `name` (or another type, e.g. `EngineDataSource<Int,
  /// Int>`, with its snapshot types): the settings and handlers, then each
  /// call, with `#expect(throws:)` where the reference data source throws.
  /// Each snapshot argument is declared just before its use.
  public func swiftStatements(
    on name: String, type: String = "ModelDataSource<Int, Int>",
    snapshotType: String = "ModelSnapshot<Int, Int>",
    sectionSnapshotType: String = "ModelSectionSnapshot<Int>"
  ) -> [String] {
    var lines = ["var \(name) = \(type)()"] + settingStatements(on: name, log: nil)
    var model = ModelDataSource<Int, Int>()
    configure(&model)
    for (index, command) in commands.enumerated() {
      let argument = "\(name)Arg\(index)"
      lines += command.argumentStatements(
        argument, snapshotType: snapshotType, sectionSnapshotType: sectionSnapshotType)
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

  /// Swift statements making the script's settings on the data source
  /// `name`: the content update style (when not the default), then every
  /// installed handler, behaving as `configure(_:log:loaded:)` installs it.
  /// With `log`, each handler appends its call to the `[String]` variable
  /// of that name, in `configure`'s words.
  public func settingStatements(on name: String, log: String?) -> [String] {
    func note(_ text: String) -> String { log.map { "\($0).append(\"\(text)\"); " } ?? "" }
    func list(_ ids: [Int]) -> String { "[" + ids.map(String.init).joined(separator: ", ") + "]" }
    let vetoed = list(vetoedToggles)
    let refused = list(refusedReorders)
    var lines: [String] = []
    if contentUpdateStyle != .reload {
      lines.append("\(name).contentUpdateStyle = .\(contentUpdateStyle.rawValue)")
    }
    let section = "\(name).sectionSnapshotHandlers"
    let reordering = "\(name).reorderingHandlers"
    for handler in DataSourceHandler.allCases where installs(handler) {
      switch handler {
      case .shouldExpandItem, .shouldCollapseItem:
        let test = vetoedToggles.isEmpty ? "true" : "!\(vetoed).contains(item)"
        lines.append(
          "\(section).\(handler) = { item in \(note("\(handler)(\\(item))"))return \(test) }")
      case .willExpandItem, .willCollapseItem:
        let body = log == nil ? "_ in " : "item in \(note("\(handler)(\\(item))"))"
        lines.append("\(section).\(handler) = { \(body)}")
      case .snapshotForExpandingParent:
        let entry =
          log.map {
            ["  \($0).append(\"snapshotForExpandingParent(\\(item), \\(children.items))\")"]
          } ?? []
        lines.append(
          (["\(section).snapshotForExpandingParent = { item, children in"] + entry + [
            replacesChildren
              ? "  guard item < \(Self.lazyBase) else { return children }"
              : "  guard children.items.isEmpty, item < \(Self.lazyBase) else { return children }",
            "  var loaded = type(of: children).init()",
            "  try? loaded.append([\(Self.lazyBase) + item], to: nil)",
            "  return loaded",
            "}",
          ]).joined(separator: "\n"))
      case .canReorderItem:
        let test = refusedReorders.isEmpty ? "true" : "!\(refused).contains(item)"
        lines.append(
          "\(reordering).canReorderItem = { item in \(note("canReorderItem(\\(item))"))return \(test) }"
        )
      case .willReorder, .didReorder:
        let body =
          log == nil
          ? "_ in "
          : "transaction in \(note("\(handler)(\\(transaction.finalSnapshot.itemIdentifiers))"))"
        lines.append("\(reordering).\(handler) = { \(body)}")
      }
    }
    return lines
  }
}

extension DataSourceCommand {
  /// Swift statements declaring the snapshot argument of an apply in the
  /// variable `argument` (and its content map in `<argument>Contents`);
  /// none for taps and drags.
  public func argumentStatements(
    _ argument: String, snapshotType: String, sectionSnapshotType: String
  ) -> [String] {
    switch self {
    case .apply(let layout, let changed, let marks):
      let script = FullScript(initial: layout, commands: marks)
      var lines = ["var \(argument) = \(snapshotType)()"] + script.swiftStatements(on: argument)
      let items = script.finalModel.itemIdentifiers
      let entries = items.map { "\($0): \(changed.contains($0) ? 1 : 0)" }
      lines.append(
        "let \(argument)Contents: ContentMap<Int> = [\(entries.isEmpty ? ":" : entries.joined(separator: ", "))]"
      )
      return lines
    case .applyTo(let forest, _):
      return forest.swiftStatements(declaring: argument, type: sectionSnapshotType)
    case .userToggle, .userReorder:
      return []
    }
  }
}
