import Generators

extension DiffPair {
  /// The pair as a ready-to-paste Swift Testing function: it builds `old`
  /// and `new`, declares the content options and computes the changeset
  /// with `differ` (a type name, e.g. `EngineDiffer<Int, Int>`), followed
  /// by `checks` (lines using `old`, `new`, `options`, `changeset`; by
  /// default, that different snapshots give a non-empty changeset).
  public func swiftTest(
    named name: String, differ: String = "ModelDiffer<Int, Int>", checks: [String] = []
  ) -> String {
    var body = swiftStatements()
    body.append(optionsStatement())
    body.append("let changeset = \(differ)().changeset(from: old, to: new, options: options)")
    body += checks.isEmpty ? ["#expect(old == new || !changeset.isEmpty)"] : checks
    return SwiftCode.test(named: name, body: body)
  }
}
