import Generators
import SnapshotCore
import SnapshotEngine
import SnapshotModel

extension FullScript {
  /// Runs the script on `Candidate`, checking its extra queries against the
  /// protocol's after every command (`full.engineQueries`).
  func engineQueries<Candidate: ExtendedSnapshotProtocol>(
    _ candidate: Candidate.Type, universe: FullScript.Universe
  ) -> PropertyResult {
    var snapshot = Candidate()
    for (index, command) in allCommands.enumerated() {
      _ = Result { () throws(SnapshotError) in try command.apply(to: &snapshot) }
      var problems = Self.engineQueryProblems(snapshot, universe: universe)
      // Every third step reserves room in a copy sharing the storage.
      if index.isMultiple(of: 3) {
        var copy = snapshot
        let before = StateText.full(snapshot, universe: universe)
        copy.reserveCapacity(snapshot.numberOfItems + index)
        if StateText.full(copy, universe: universe) != before {
          problems.append("reserveCapacity(\(snapshot.numberOfItems + index)) changed the copy")
        }
        if StateText.full(snapshot, universe: universe) != before {
          problems.append("reserveCapacity on a copy changed the original")
        }
        problems += Self.engineQueryProblems(copy, universe: universe).map {
          "after reserveCapacity: \($0)"
        }
      }
      // The other steps rebuild a snapshot from its arrays.
      if index % 3 == 1 {
        problems += Self.rebuildProblems(snapshot, universe: universe)
      }
      if !problems.isEmpty {
        return .fail(
          message: "step \(index) `\(command.swiftCall(on: "s"))`: "
            + problems.joined(separator: "; "),
          expected: Self.lookupText(snapshot, universe: universe, extended: false),
          actual: Self.lookupText(snapshot, universe: universe, extended: true))
      }
    }
    return .pass
  }

  /// Where a snapshot rebuilt from `snapshot`'s arrays (`Candidate()`,
  /// `appendSections`, then `appendItems` per section) differs from it in
  /// layout or in the extra queries. An `EngineSnapshot` is first compared
  /// by `EngineDiffer`, which remembers it, so the rebuild takes its
  /// sections without hashing (`EngineSnapshot`, "Rebuilt from arrays").
  static func rebuildProblems<Candidate: ExtendedSnapshotProtocol>(
    _ snapshot: Candidate, universe: FullScript.Universe
  ) -> [String] {
    if let engine = snapshot as? EngineSnapshot<Int, Int> {
      _ = EngineDiffer<Int, Int>().changeset(from: engine, to: engine, options: DiffOptions())
    }
    let layout = snapshot.layout
    var rebuilt = Candidate()
    let outcome = Result { () throws(SnapshotError) in
      try rebuilt.appendSections(layout.map(\.section))
      for (section, items) in layout { try rebuilt.appendItems(items, toSection: section) }
    }
    if case .failure(let error) = outcome {
      return ["rebuilding it from its arrays threw \(error)"]
    }
    var problems: [String] = []
    let (expected, actual) = (StateText.layout(layout), StateText.layout(rebuilt.layout))
    if actual != expected {
      problems.append("rebuilt from its arrays it holds \(actual)")
    }
    return problems
      + Self.engineQueryProblems(rebuilt, universe: universe).map {
        "rebuilt from its arrays: \($0)"
      }
  }

  /// Where `indexPath(of:)`, `contains(item:)` and `content(of:)` disagree
  /// with the protocol's answers, for every id of the universe and one
  /// outside it; no content was stored, so every content is `nil`.
  static func engineQueryProblems<Candidate: ExtendedSnapshotProtocol>(
    _ snapshot: Candidate, universe: FullScript.Universe
  ) -> [String] {
    var problems: [String] = []
    for item in 0...universe.items {
      let path = snapshot.itemPath(of: item)
      if snapshot.indexPath(of: item) != path {
        problems.append(
          "indexPath(of: \(item)) is \(Self.text(snapshot.indexPath(of: item))), "
            + "itemPath(of:) is \(Self.text(path))")
      }
      if snapshot.contains(item: item) != (snapshot.indexOfItem(item) != nil) {
        problems.append(
          "contains(item: \(item)) is \(snapshot.contains(item: item)), indexOfItem is "
            + "\(snapshot.indexOfItem(item).map { String($0) } ?? "nil")")
      }
      if let content = snapshot.content(of: item) {
        problems.append("content(of: \(item)) is \(content), but no content was stored")
      }
    }
    return problems
  }

  /// One line per id: its path, membership and content, from the
  /// extended API or (`extended: false`) derived from the protocol's
  /// queries with no content.
  static func lookupText<Candidate: ExtendedSnapshotProtocol>(
    _ snapshot: Candidate, universe: FullScript.Universe, extended: Bool
  ) -> String {
    (0...universe.items).map { item in
      let path = extended ? snapshot.indexPath(of: item) : snapshot.itemPath(of: item)
      let contains = extended ? snapshot.contains(item: item) : snapshot.indexOfItem(item) != nil
      let content = extended ? snapshot.content(of: item) : nil
      return "\(item): indexPath \(text(path)), contains \(contains), content "
        + (content.map { String($0) } ?? "nil")
    }.joined(separator: "\n")
  }

  static func text(_ path: ItemPath?) -> String { path.map { "\($0)" } ?? "nil" }

  /// The script as a Swift Testing function: replay it on the candidate,
  /// then expect the reference model's paths and membership of every id.
  func engineQueriesSwiftTest(candidate: String, universe: FullScript.Universe) -> String {
    var body = ["var s = \(candidate)()"] + swiftStatements(on: "s")
    let model: ModelSnapshot<Int, Int> = finalModel
    for item in 0...universe.items {
      let path = model.itemPath(of: item).map {
        "ItemPath(section: \($0.section), item: \($0.item))"
      }
      body.append("#expect(s.indexPath(of: \(item)) == \(path ?? "nil"))")
      body.append("#expect(s.contains(item: \(item)) == \(path != nil))")
      body.append("#expect(s.content(of: \(item)) == nil)")
    }
    return SwiftCode.test(named: "full.engineQueries", body: body)
  }
}
