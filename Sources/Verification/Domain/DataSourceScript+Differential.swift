import Generators
import SnapshotCore
import SnapshotModel

extension DataSourceScript {
  /// Runs the session on the reference `ModelDataSource` and on
  /// `Candidate` side by side (same handlers); after every command checks
  /// that both returned the same outcome (changeset, toggle outcome, reorder
  /// difference, or error) and hold the same full snapshot and the same
  /// `snapshot(for:)` of every section.
  public func differential<Candidate: DataSourceProtocol>(against candidate: Candidate.Type)
    -> PropertyResult
  where Candidate.Section == Int, Candidate.Item == Int {
    var model = ModelDataSource<Int, Int>()
    var other = Candidate()
    configure(&model)
    configure(&other)
    return PropertyResult.allSteps(commands) { _, command in
      let expected = Result { () throws(SnapshotError) in try command.perform(on: &model) }
      let actual = Result { () throws(SnapshotError) in try command.perform(on: &other) }
      let left = DataSourceScript.describe(model, expected)
      let right = DataSourceScript.describe(other, actual)
      guard left == right else {
        return .fail(
          message: "`\(command.swiftCall(on: "ds"))`: model and candidate differ",
          expected: left, actual: right)
      }
      return .pass
    }
  }

  /// A data source's state as comparable lines: the outcome, each section
  /// with its rows, and each section's `snapshot(for:)` picture.
  public static func describe<D: DataSourceProtocol>(
    _ dataSource: D, _ outcome: Result<DataSourceOutcome, SnapshotError>
  ) -> String where D.Section == Int, D.Item == Int {
    var lines: [String] = []
    switch outcome {
    case .success(let value): lines.append("ok \(value)")
    case .failure(let error): lines.append("throws \(error)")
    }
    for (section, items) in dataSource.snapshot().layout {
      lines.append("section \(section): \(SwiftCode.list(items))")
      lines.append(dataSource.snapshot(for: section).visualDescription())
    }
    return lines.joined(separator: "\n")
  }

  /// The session as a ready-to-paste Swift Testing function on
  /// `ModelDataSource<Int, Int>` and, when given, on `candidate` types,
  /// expecting equal rows at the end.
  public func swiftTest(
    named name: String,
    candidate: (dataSource: String, snapshot: String, sectionSnapshot: String)? = nil
  ) -> String {
    var body = swiftStatements(on: "ds")
    if let candidate {
      body += swiftStatements(
        on: "c", type: candidate.dataSource, snapshotType: candidate.snapshot,
        sectionSnapshotType: candidate.sectionSnapshot)
      body.append("#expect(c.snapshot().itemIdentifiers == ds.snapshot().itemIdentifiers)")
    }
    return SwiftCode.test(named: name, body: body)
  }
}
