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
      return .fail(
        message: "the start forest: " + problems.joined(separator: "; "),
        expected: Self.treeText(snapshot, universe: universe, extended: false),
        actual: Self.treeText(snapshot, universe: universe, extended: true))
    }
    for (index, command) in commands.enumerated() {
      _ = Result { () throws(SnapshotError) in try command.apply(to: &snapshot) }
      problems = Self.engineQueryProblems(snapshot, universe: universe)
      if !problems.isEmpty {
        return .fail(
          message: "step \(index) `\(command.swiftCall(on: "t"))`: "
            + problems.joined(separator: "; "),
          expected: Self.treeText(snapshot, universe: universe, extended: false),
          actual: Self.treeText(snapshot, universe: universe, extended: true))
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
    for item in [nil] + (0...universe).map(Optional.some) {
      let actual = children(of: item, in: snapshot, extended: true)
      let expected = children(of: item, in: snapshot, extended: false)
      if actual != expected {
        problems.append(
          "children(of: \(item.map { String($0) } ?? "nil")) is \(actual), expected \(expected)")
      }
    }
    return problems
  }

  /// The children of `item` (`nil`: the roots) as text, from
  /// `children(of:)` or (`extended: false`) derived from `rootItems`,
  /// `items` and `parent(of:)`, whose error an absent id throws.
  static func children<Candidate: ExtendedSectionSnapshotProtocol>(
    of item: Int?, in snapshot: Candidate, extended: Bool
  ) -> String {
    StateText.query(
      Result { () throws(SnapshotError) in
        if extended { return StateText.list(try snapshot.children(of: item)) }
        guard let item else { return StateText.list(snapshot.rootItems) }
        _ = try snapshot.parent(of: item)
        return StateText.list(snapshot.items.filter { (try? snapshot.parent(of: $0)) == item })
      })
  }

  /// The count and every id's children, from the extended queries or
  /// (`extended: false`) derived from the protocol's.
  static func treeText<Candidate: ExtendedSectionSnapshotProtocol>(
    _ snapshot: Candidate, universe: Int, extended: Bool
  ) -> String {
    let count = extended ? snapshot.count : snapshot.items.count
    let lines = ([nil] + (0...universe).map(Optional.some)).map { item in
      "children(of: \(item.map { String($0) } ?? "nil")): "
        + children(of: item, in: snapshot, extended: extended)
    }
    return (["count: \(count)"] + lines).joined(separator: "\n")
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
