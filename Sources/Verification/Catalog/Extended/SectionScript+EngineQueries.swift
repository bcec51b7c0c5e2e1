import Generators
import SnapshotCore
import SnapshotModel

extension SectionScript {
  /// Runs the script on `Candidate`, checking its extra queries against the
  /// protocol's at the start and after every command
  /// (`section.engineQueries`).
  func engineQueries<Candidate: ExtendedSectionSnapshotProtocol>(
    _ candidate: Candidate.Type, universe: Int
  ) -> PropertyResult {
    var snapshot: Candidate = initial.build()
    var problems = Self.engineQueryProblems(snapshot, universe: universe)
    if !problems.isEmpty {
      return .fail(message: "the start forest: " + problems.joined(separator: "; "))
    }
    for (index, command) in commands.enumerated() {
      _ = Result { () throws(SnapshotError) in try command.apply(to: &snapshot) }
      problems = Self.engineQueryProblems(snapshot, universe: universe)
      if !problems.isEmpty {
        return .fail(
          message: "step \(index) `\(command.swiftCall(on: "t"))`: "
            + problems.joined(separator: "; "))
      }
    }
    return .pass
  }

  /// Where `count` and `children(of:)` disagree with `items`, `rootItems`
  /// and `parent(of:)`, for the roots, every id of the universe and one
  /// outside it.
  static func engineQueryProblems<Candidate: ExtendedSectionSnapshotProtocol>(
    _ snapshot: Candidate, universe: Int
  ) -> [String] {
    var problems: [String] = []
    if snapshot.count != snapshot.items.count {
      problems.append("count is \(snapshot.count), items.count is \(snapshot.items.count)")
    }
    let roots = StateText.query(
      Result { () throws(SnapshotError) in StateText.list(try snapshot.children(of: nil)) })
    if roots != StateText.list(snapshot.rootItems) {
      problems.append("children(of: nil) is \(roots), rootItems is \(StateText.list(snapshot.rootItems))")
    }
    for item in 0...universe {
      let actual = StateText.query(
        Result { () throws(SnapshotError) in StateText.list(try snapshot.children(of: item)) })
      let expected = StateText.query(
        Result { () throws(SnapshotError) in
          _ = try snapshot.parent(of: item)
          return StateText.list(snapshot.items.filter { (try? snapshot.parent(of: $0)) == item })
        })
      if actual != expected {
        problems.append("children(of: \(item)) is \(actual), expected \(expected)")
      }
    }
    return problems
  }

  /// The script as a Swift Testing function: replay it on the candidate,
  /// then expect the reference model's count and children of every id.
  func engineQueriesSwiftTest(candidate: String, universe: Int) -> String {
    var body = swiftStatements(on: "t", type: candidate)
    var model: ModelSectionSnapshot<Int> = initial.build()
    for command in commands { _ = try? command.apply(to: &model) }
    body.append("#expect(t.count == \(model.items.count))")
    body.append("#expect(try t.children(of: nil) == \(SwiftCode.list(model.rootItems)))")
    for item in model.items {
      let children = model.items.filter { (try? model.parent(of: $0)) == item }
      body.append("#expect(try t.children(of: \(item)) == \(SwiftCode.list(children)))")
    }
    return SwiftCode.test(named: "section.engineQueries", body: body)
  }
}
