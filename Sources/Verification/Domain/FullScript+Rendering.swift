import Generators
import SnapshotCore
import SnapshotModel

extension FullScript {
  /// The script as a ready-to-paste Swift Testing function on `candidate`
  /// (a full snapshot type name) that asserts, after the start layout and
  /// after every command, what the catalog compares: the error or none,
  /// the layout, the marks, the counts and every item's index and section,
  /// the expected values computed on the reference model.
  func stepwiseSwiftTest(named name: String, candidate: String) -> String {
    var body = ["var s = \(candidate)()"]
    body.append(
      """
      func state(_ snapshot: \(candidate)) -> [String] {
        var lines = snapshot.sectionIdentifiers.map {
          "\\($0): \\((try? snapshot.itemIdentifiers(inSection: $0)) ?? [])"
        }
        lines.append(
          "\\(snapshot.numberOfSections) \\(snapshot.numberOfItems) \\(snapshot.reloadedItemIdentifiers) "
            + "\\(snapshot.reconfiguredItemIdentifiers) \\(snapshot.reloadedSectionIdentifiers)")
        for item in snapshot.itemIdentifiers {
          lines.append(
            "\\(item): \\(snapshot.indexOfItem(item).map(String.init) ?? "nil") "
              + "\\(snapshot.sectionIdentifier(containingItem: item).map(String.init) ?? "nil")")
        }
        return lines
      }
      """)
    var model = ModelSnapshot<Int, Int>()
    for command in setupCommands + commands {
      let statement = FullScript(initial: [], commands: [command]).swiftStatements(on: "s", from: model)
      try? command.apply(to: &model)
      body += statement
      body.append("#expect(state(s) == \(SwiftCode.strings(Self.state(model))))")
    }
    return SwiftCode.test(named: name, body: body)
  }

  /// A snapshot as the rendered `state` prints it.
  static func state<S: SnapshotProtocol<Int, Int>>(_ snapshot: S) -> [String] {
    var lines = snapshot.sectionIdentifiers.map {
      "\($0): \((try? snapshot.itemIdentifiers(inSection: $0)) ?? [])"
    }
    lines.append(
      "\(snapshot.numberOfSections) \(snapshot.numberOfItems) \(snapshot.reloadedItemIdentifiers) "
        + "\(snapshot.reconfiguredItemIdentifiers) \(snapshot.reloadedSectionIdentifiers)")
    for item in snapshot.itemIdentifiers {
      lines.append(
        "\(item): \(snapshot.indexOfItem(item).map(String.init) ?? "nil") "
          + "\(snapshot.sectionIdentifier(containingItem: item).map(String.init) ?? "nil")")
    }
    return lines
  }
}
