import Generators
import SnapshotCore
import SnapshotModel

/// How a rendered data-source test writes the catalog's `Int` ids with
/// `Map`'s literals, and the texts the user's types print for them (the
/// expected `state()`, handler log and transaction lines).
///
/// With `IntIdentifiers` every function returns the catalog's own text.
struct DataSourceLiterals<Map: IdentifierMapping> {
  /// Whether ids are written as they are (`IntIdentifiers`).
  var isIdentity: Bool { Map.self == IntIdentifiers.self }

  /// A Swift array literal of items.
  func items(_ ids: [Int]) -> String {
    "[" + ids.map(Map.itemLiteral).joined(separator: ", ") + "]"
  }

  /// A Swift array literal of sections.
  func sections(_ ids: [Int]) -> String {
    "[" + ids.map(Map.sectionLiteral).joined(separator: ", ") + "]"
  }

  /// `command` as a call on the data source `name`, ids written as
  /// literals; a snapshot argument is the variable `argument`.
  func call(_ command: DataSourceCommand, argument: String, on name: String = "d") -> String {
    switch command {
    case .apply, .userReorder:
      return command.swiftCall(on: name, argument: argument)
    case .applyTo(_, let section):
      return "\(name).apply(\(argument), to: \(Map.sectionLiteral(section)))"
    case .userToggle(let item, let section):
      return "\(name).userToggle(\(Map.itemLiteral(item)), in: \(Map.sectionLiteral(section)))"
    }
  }

  /// A setting statement (`DataSourceScript.settingStatements`) with its
  /// id lists written as literals and the lazy children computed through
  /// `Map` (the generators' lazy child of item `n` is item `lazyBase + n`).
  func setting(_ statement: String) -> String {
    guard !isIdentity else { return statement }
    let map = String(reflecting: Map.self)
    let base = DataSourceScript.lazyBase
    return statement.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      IdentifierRendering<Map>.rewriteLine(
        String(line).replacing(
          "item < \(base) else",
          with: "let number = \(map).itemNumber(of: item), number < \(base) else"
        ).replacing("[\(base) + item]", with: "[\(map).item(\(base) + number)]"))
    }.joined(separator: "\n")
  }

  /// An argument statement (`DataSourceCommand.argumentStatements`) with
  /// its ids written as literals, the content map's keys included.
  func argument(_ statement: String) -> String {
    guard !isIdentity else { return statement }
    guard let open = statement.firstRange(of: "Contents: ContentMap<Int> = [") else {
      return IdentifierRendering<Map>.rewriteLine(statement)
    }
    let entries = statement[open.upperBound...].dropLast().split(separator: ", ").compactMap {
      entry in
      let parts = entry.split(separator: ": ")
      return parts.count == 2 ? Int(parts[0]).map { "\(Map.itemLiteral($0)): \(parts[1])" } : nil
    }
    return statement[..<open.lowerBound]
      + "Contents: ContentMap<\(String(reflecting: Map.Item.self))> = ["
      + (entries.isEmpty ? ":" : entries.joined(separator: ", ")) + "]"
  }

  /// A handler log entry (`DataSourceScript.configure`'s words) as the
  /// user's handlers print it: a bare id as `"\(item)"`, an id in a list as
  /// the list prints it.
  func logEntry(_ entry: String) -> String {
    guard !isIdentity else { return entry }
    var result = ""
    var digits = ""
    var depth = 0
    var previous: Character = " "
    func flush() {
      guard let id = Int(digits) else { return }
      result += depth > 0 ? String(reflecting: Map.item(id)) : "\(Map.item(id))"
      digits = ""
    }
    for character in entry {
      if character.isNumber, !digits.isEmpty || !(previous.isLetter || previous.isNumber) {
        digits.append(character)
      } else {
        flush()
        if character == "[" { depth += 1 }
        if character == "]" { depth -= 1 }
        result.append(character)
      }
      previous = character
    }
    flush()
    return result
  }

  /// `snapshot()` and every `snapshot(for:)` of `dataSource` as the
  /// rendered `state()` prints them with the user's ids.
  func state(
    _ dataSource: ModelDataSource<Int, Int>, sections: Int,
    capabilities: SectionSnapshotCapabilities = .all
  ) -> [String] {
    let snapshot = dataSource.snapshot()
    var lines = snapshot.sectionIdentifiers.map {
      "\(Map.section($0)): \(((try? snapshot.itemIdentifiers(inSection: $0)) ?? []).map(Map.item))"
    }
    for section in 0...sections {
      let tree = dataSource.snapshot(for: section)
      let expanded =
        capabilities.contains(.expandedItems)
        ? tree.expandedItems : tree.items.filter { (try? tree.isExpanded($0)) == true }
      lines.append(
        "\(Map.section(section)): \(expanded.map(Map.item))"
          + (capabilities.contains(.visualDescription)
            ? "\n\(userTree(tree).visualDescription())" : ""))
    }
    return lines
  }

  /// `tree` with the user's ids.
  func userTree(_ tree: ModelSectionSnapshot<Int>) -> ModelSectionSnapshot<Map.Item> {
    let forest = Forest(tree)
    var result = ModelSectionSnapshot<Map.Item>()
    for step in forest.steps {
      try? result.append(step.items.map(Map.item), to: step.parent.map(Map.item))
    }
    result.expand(forest.expandedItems.map(Map.item))
    return result
  }

  /// A drag's transaction as the rendered `describe` prints it.
  func describe<S: SnapshotProtocol<Int, Int>, T: SectionSnapshotProtocol<Int>>(
    _ transaction: Transaction<S, T>
  ) -> [String] {
    let difference = transaction.difference.mappingElements(Map.item)
    return [
      "\(transaction.initialSnapshot.itemIdentifiers.map(Map.item)) -> \(transaction.finalSnapshot.itemIdentifiers.map(Map.item))",
      "\(Array(difference))",
    ]
      + transaction.sectionTransactions.map {
        "\(Map.section($0.sectionIdentifier)): \($0.initialSnapshot.visibleItems.map(Map.item)) -> "
          + "\($0.finalSnapshot.visibleItems.map(Map.item)) \(Array($0.difference.mappingElements(Map.item)))"
      }
  }

  /// The refreshed ids of `update` as the rendered `check`'s argument.
  func refreshed(_ update: InterpretedUpdate<Int, Int>) -> String {
    "(items: \(items(update.reloadedItems.sorted())), reconfigured: \(items(update.reconfiguredItems.sorted())), "
      + "sections: \(sections(update.reloadedSections.sorted())))"
  }
}
