import Generators
import SnapshotCore
import SnapshotModel

extension SectionScript {
  /// The script as a ready-to-paste Swift Testing function on `candidate`
  /// (a section snapshot type name) that asserts, after the start tree and
  /// after every command, what the catalog compares: the error or none, the
  /// tree (items, visible items, expanded items, `visualDescription`), and
  /// the snapshot `snapshot(of:includingParent:)` extracts, the expected
  /// values computed on the reference model.
  func stepwiseSwiftTest(named name: String, candidate: String) -> String {
    var body = initial.swiftStatements(declaring: "t", type: candidate)
    body.append(
      """
      func state(_ tree: \(candidate)) -> [String] {
        ["\\(tree.items)", "\\(tree.visibleItems)", "\\(tree.expandedItems)", tree.visualDescription()]
      }
      """)
    var model = initial.build(as: ModelSectionSnapshot<Int>.self)
    body.append("#expect(state(t) == \(SwiftCode.strings(Self.state(model))))")
    for (index, command) in commands.enumerated() {
      let argument = "tArg\(index)"
      if let forest = command.forest {
        body += forest.swiftStatements(declaring: argument, type: candidate)
      }
      let call = command.swiftCall(on: "t", argument: argument)
      do throws(SnapshotError) {
        if let extracted = try command.apply(to: &model) {
          body.append("#expect(try state(\(call)) == \(SwiftCode.strings(Self.state(extracted))))")
        } else {
          body.append((command.canThrow ? "try " : "") + call)
        }
      } catch {
        body.append("#expect(throws: SnapshotError.self) { try \(call) }  // \(error)")
      }
      body.append("#expect(state(t) == \(SwiftCode.strings(Self.state(model))))")
    }
    return SwiftCode.test(named: name, body: body)
  }

  /// A tree as the rendered `state` prints it.
  static func state<T: SectionSnapshotProtocol<Int>>(_ tree: T) -> [String] {
    ["\(tree.items)", "\(tree.visibleItems)", "\(tree.expandedItems)", tree.visualDescription()]
  }
}
