import FuzzKit
import Generators
import Testing
import Verification

@Suite struct PropertyTargetTests {
  let target = PropertyTarget(PlantedProperties.all)

  @Test func listsSortedNames() {
    #expect(
      target.propertyNames == [
        "planted.fail", "planted.hang", "planted.pass", "planted.shrinkTrap", "planted.slowCheck",
        "planted.slowGenerate", "planted.table", "planted.trap", "planted.twoTraps",
      ])
    #expect(
      FuzzTargets.standard(environment: [:]).propertyNames.allSatisfy { !$0.hasPrefix("planted.") })
    #expect(
      FuzzTargets.standard(environment: ["DIFFABLE_PLANTED": "1"]).propertyNames.contains(
        "planted.trap"))
  }

  @Test func caseIsAPureFunctionOfSeedPropertyAndIndex() throws {
    for index in 0..<50 {
      let a = try #require(target.generate(property: "planted.fail", seed: 11, index: index))
      let b = try #require(target.generate(property: "planted.fail", seed: 11, index: index))
      #expect(a.token == b.token)
      #expect(a.statistics == b.statistics)
    }
    let tokens = (0..<50).compactMap {
      target.generate(property: "planted.fail", seed: 12, index: $0)?.token
    }
    #expect(Set(tokens).count > 10)
    #expect(target.generate(property: "nope", seed: 1, index: 0) == nil)
  }

  @Test func tokenReplaysTheSameCase() throws {
    for index in 0..<100 {
      let generated = try #require(target.generate(property: "planted.fail", seed: 3, index: index))
      let replayed = try target.decode(token: generated.token)
      #expect(replayed.token == generated.token)
      #expect(replayed.check() == generated.check())
    }
  }

  @Test func malformedTokensAreRejectedNotTrapped() {
    for token in [
      "", "x", "planted.fail@v1:!!", "planted.fail@v9:AA", "@v1:AA", "nope@v1:AA",
      "planted.fail@v1:gICAgICAgICAgICAgIA",
    ] {
      #expect(throws: FuzzInputError.self) { try target.decode(token: token) }
    }
  }

  @Test func shrinksAFailureToAMinimalCase() throws {
    let failing = try #require(
      (0..<500).lazy.compactMap { target.generate(property: "planted.fail", seed: 5, index: $0) }
        .first { $0.check().status == .fail })
    var improvements: [String] = []
    let shrunk = failing.shrink(
      ShrinkRequest(goal: .failure, maxSeconds: 10, didImprove: { improvements.append($0) }))
    #expect(shrunk.check().status == .fail)
    #expect(shrunk.token.count <= failing.token.count)
    #expect(improvements.last == shrunk.token || improvements.isEmpty)
  }

  @Test func crashShrinkingNeverRechecksTheStart() throws {
    let start = try target.decode(token: "planted.trap@v1:ASgBKAA")
    var checked: [String] = []
    _ = start.shrink(ShrinkRequest(goal: .crash, maxSeconds: 5, willCheck: { checked.append($0) }))
    #expect(!checked.contains(start.token))
  }

  @Test func rawBytesDecodeAsChoices() throws {
    let fuzzCase = try target.decode(property: "planted.trap", bytes: [1, 40, 1, 40, 0])
    #expect(fuzzCase.token == "planted.trap@v1:ASgBKAA")
    #expect(throws: FuzzInputError.self) { try target.decode(property: "nope", bytes: []) }
  }

  /// A property that expects a trap fails when its case returns, and
  /// exposes its tag and flag to the command.
  @Test func aCaseThatShouldTrapButReturnsFails() throws {
    var returns = Property<[Int]>(
      "p.returns", generator: Gen<Int>.int(in: 0...5).array(count: 0...3)
    ) { _ in .pass }
    returns.expectsTrap = true
    let target = PropertyTarget([
      FuzzProperty(returns), FuzzProperty(PlantedProperties.pass.tagged(.contract)),
    ])
    #expect(target.expectsTrap("p.returns"))
    #expect(!target.expectsTrap("planted.pass"))
    #expect(target.tag(of: "planted.pass") == "contract")
    let fuzzCase = try #require(target.generate(property: "p.returns", seed: 1, index: 0))
    #expect(
      fuzzCase.check()
        == CaseOutcome(
          status: .fail, message: PropertyTarget.returnedInsteadOfTrapping,
          rule: FailureKind(PropertyTarget.returnedInsteadOfTrapping)))
    let plain = try #require(target.generate(property: "planted.pass", seed: 1, index: 0))
    #expect(plain.check() == .pass)
  }
}
