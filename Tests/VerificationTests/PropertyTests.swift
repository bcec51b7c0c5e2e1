import Generators
import TestSupport
import Testing
import Verification

/// `Property`/`AnyProperty` behaviour around verdicts.
@Suite struct PropertyTests {
  @Test func generationErrorsAreDiscardsNotFailures() {
    let property = Property(
      "selftest.impossible",
      generator: Gen<Int>.int(in: 0...3).filter("never", maxAttempts: 2) { _ in false },
      check: { _ in .fail(message: "unreachable") }
    ).eraseToAnyProperty()
    let run = property.run(seed: 1)
    #expect(run.verdict == .discard("filter 'never' rejected 2 values in a row"))
  }

  @Test func shrinkingThroughAnyPropertyKeepsFailingAndNeverGrows() throws {
    let property = Property(
      "selftest.sumAbove", generator: Gen<Int>.int(in: 0...100).array(count: 0...30),
      check: { $0.reduce(0, +) > 150 ? .fail(message: "sum \($0.reduce(0, +))") : .pass }
    ).eraseToAnyProperty()
    let start = try #require(
      (UInt64(0)..<200).lazy.map { property.run(seed: $0) }.first { $0.verdict.isFailure })
    let (shrunk, result) = property.shrink(start)
    #expect(shrunk.verdict.isFailure)
    #expect(shrunk.choices.count <= start.choices.count)
    #expect(result.calls > 0)
    let script = try #require(property.counterexample(for: shrunk).script)
    let values = try script.decode([Int].self)
    #expect(values.reduce(0, +) == 151)
    #expect(values.count == 2)
  }
}
