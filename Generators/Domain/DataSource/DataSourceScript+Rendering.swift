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
    var lines =
      ["var \(name) = \(type)()"] + settingStatements(on: name, log: nil, itemType: "Int")
    var model = ModelDataSource<Int, Int>()
    configure(&model)
    for (index, command) in commands.enumerated() {
      let argument = "\(name)Arg\(index)"
      lines += command.argumentStatements(
        argument, snapshotType: snapshotType, sectionSnapshotType: sectionSnapshotType,
        itemType: "Int")
      let call = command.swiftCall(on: name, argument: argument)
      do throws(SnapshotError) {
        try command.perform(on: &model)
        lines.append(command.statementPrefix + call)
      } catch {
        lines.append("#expect(throws: SnapshotError.self) { try \(call) }  // \(error)")
      }
    }
    return lines
  }

  /// Swift statements making the script's settings on the data source
  /// `name`: the content update style (when not the default), then every
  /// installed handler, behaving as `configure(_:log:loaded:)` installs it,
  /// ids written by `ids` (items of type `itemType`). With `log`, each
  /// handler appends its call (`HandlerCall.text`) to the `[String]`
  /// variable of that name.
  public func settingStatements(
    on name: String, log: String?, itemType: String, ids: IdentifierText = .numbers
  ) -> [String] {
    func note(_ text: String) -> String { log.map { "\($0).append(\"\(text)\"); " } ?? "" }
    let vetoed = ids.items(vetoedToggles)
    let refused = ids.items(refusedReorders)
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
        lines.append(lazyHandler(section, log: log, itemType: itemType, ids: ids))
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

  /// The rendered `snapshotForExpandingParent`: it loads, for each item
  /// the script taps, the one lazy child `configure` loads for it, from a
  /// table of the ids written by `ids`.
  func lazyHandler(_ section: String, log: String?, itemType: String, ids: IdentifierText)
    -> String
  {
    let pairs = lazyChildPairs
    let table =
      pairs.isEmpty
      ? "[:]"
      : "[" + pairs.map { "\(ids.item($0.item)): \(ids.item($0.child))" }.joined(separator: ", ")
        + "]"
    let entry =
      log.map { ["  \($0).append(\"snapshotForExpandingParent(\\(item), \\(children.items))\")"] }
      ?? []
    let guardLine =
      replacesChildren
      ? "  guard let child = lazy[item] else { return children }"
      : "  guard children.items.isEmpty, let child = lazy[item] else { return children }"
    return
      (["\(section).snapshotForExpandingParent = { item, children in"] + entry + [
        "  let lazy: [\(itemType): \(itemType)] = \(table)",
        guardLine,
        "  var loaded = type(of: children).init()",
        "  try? loaded.append([child], to: nil)",
        "  return loaded",
        "}",
      ]).joined(separator: "\n")
  }
}

extension DataSourceCommand {
  /// How a rendered statement of the call starts: `_ = ` for an apply,
  /// `_ = try ` for a tap or a drag (their results are not used).
  public var statement: StatementPrefix {
    switch self {
    case .apply, .applyTo: return StatementPrefix(discardsResult: true, canThrow: false)
    case .userToggle, .userReorder: return StatementPrefix(discardsResult: true, canThrow: true)
    }
  }

  /// The text a rendered statement of the call starts with.
  public var statementPrefix: String { statement.text() }

  /// Swift statements declaring the snapshot argument of an apply in the
  /// variable `argument` (and its content map in `<argument>Contents`),
  /// ids written by `ids` (items of type `itemType`); none for taps and
  /// drags.
  public func argumentStatements(
    _ argument: String, snapshotType: String, sectionSnapshotType: String, itemType: String,
    ids: IdentifierText = .numbers
  ) -> [String] {
    switch self {
    case .apply(let layout, let changed, let marks):
      let script = FullScript(initial: layout, commands: marks)
      let calls = script.setupCommands + script.commands
      var lines = ["\(calls.isEmpty ? "let" : "var") \(argument) = \(snapshotType)()"]
      lines += calls.map { ($0.canThrow ? "try " : "") + $0.swiftCall(on: argument, ids: ids) }
      let items = script.finalModel.itemIdentifiers
      let entries = items.map { "\(ids.item($0)): \(changed.contains($0) ? 1 : 0)" }
      lines.append(
        "let \(argument)Contents: ContentMap<\(itemType)> = [\(entries.isEmpty ? ":" : entries.joined(separator: ", "))]"
      )
      return lines
    case .applyTo(let forest, _):
      return forest.swiftStatements(declaring: argument, type: sectionSnapshotType, ids: ids)
    case .userToggle, .userReorder:
      return []
    }
  }
}
