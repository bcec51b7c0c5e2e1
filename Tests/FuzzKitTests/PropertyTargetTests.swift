import Foundation
import FuzzKit
import Generators
import Testing
import Verification

/// `PropertyTarget` over properties of its own: a sum that is off by one
/// once a list totals more than 100, and one that always holds.
@Suite struct PropertyTargetTests {
  static let lists = Gen<Int>.int(in: 0...60).array(count: 0...12)

  /// The kind of the broken sum's failure.
  static let wrongSum = FailureKind("sum")

  /// `p.sum`: off by one once the list totals more than 100.
  static let sum = Property<[Int]>("p.sum", generator: lists) { list in
    let expected = list.reduce(0, +)
    let actual = expected > 100 ? expected + 1 : expected
    return actual == expected
      ? .pass
      : .fail(
        message: "sum is \(actual), expected \(expected)", expected: "sum \(expected)",
        actual: "sum \(actual)", kind: wrongSum)
  }

  /// `p.holds`: always holds.
  static let holds = Property<[Int]>("p.holds", generator: lists) { _ in .pass }

  let target = PropertyTarget([sum.eraseToAnyProperty(), holds.eraseToAnyProperty()])

  /// The token of `choices` for the broken sum.
  private func token(_ choices: [UInt64], property: String = "p.sum") throws -> String {
    let catalog = try #require(target.properties.first { $0.name == property }?.catalog)
    return ReplayToken(property: property, catalog: catalog, choices: choices).description
  }

  @Test func listsSortedNames() {
    #expect(target.propertyNames == ["p.holds", "p.sum"])
    #expect(
      PropertyTarget([Self.holds.eraseToAnyProperty(), Self.holds.eraseToAnyProperty()])
        .propertyNames
        == ["p.holds"])
  }

  /// The default target is the engine's catalog, with the catalog's own
  /// id in every token.
  @Test func theStandardTargetIsTheEngineCatalog() throws {
    let standard = FuzzTargets.standard
    #expect(standard.propertyNames == Catalog.names.sorted())
    let generated = try #require(
      standard.generate(property: "diff.roundTrip", seed: 1, index: 0))
    let parsed = try ReplayToken.parse(generated.token)
    #expect(parsed.catalog == Catalog.property(named: "diff.roundTrip")?.catalog)
  }

  @Test func caseIsAPureFunctionOfSeedPropertyAndIndex() throws {
    for index in 0..<50 {
      let a = try #require(target.generate(property: "p.sum", seed: 11, index: index))
      let b = try #require(target.generate(property: "p.sum", seed: 11, index: index))
      #expect(a.token == b.token)
      #expect(a.statistics == b.statistics)
    }
    let tokens = (0..<50).compactMap {
      target.generate(property: "p.sum", seed: 12, index: $0)?.token
    }
    #expect(Set(tokens).count > 10)
    #expect(target.generate(property: "nope", seed: 1, index: 0) == nil)
  }

  @Test func tokenReplaysTheSameCase() throws {
    for index in 0..<100 {
      let generated = try #require(target.generate(property: "p.sum", seed: 3, index: index))
      let replayed = try target.decode(token: generated.token)
      #expect(replayed.token == generated.token)
      #expect(replayed.check() == generated.check())
    }
  }

  /// Malformed, cut, altered and foreign tokens are refused with an
  /// error, never trapped on or replayed.
  @Test func malformedTokensAreRejectedNotTrapped() throws {
    let good = try token([1, 40, 1, 40, 0])
    let foreign = ReplayToken(
      property: "p.sum", catalog: CatalogID(name: "another implementation"), choices: [1, 40, 0]
    ).description
    let malformed = [
      "", "x", "p.sum@v2.811c9dc5:!!", "p.sum@v9.811c9dc5:AA", "@v2.811c9dc5:AA",
      "p.sum@v1:AA", "p.sum@v2:AA", "nope" + good.drop { $0 != "@" },
      ReplayToken(property: "nope", catalog: CatalogID(name: ""), choices: [0]).description,
    ]
    let cut = (1...8).map { String(good.dropLast($0)) }
    for token in malformed + cut + [foreign] {
      #expect(throws: FuzzInputError.self, "\(token)") { try target.decode(token: token) }
    }
    #expect(try target.decode(token: good).token == good)
  }

  @Test func shrinksAFailureToAMinimalCase() throws {
    let failing = try #require(
      (0..<500).lazy.compactMap { target.generate(property: "p.sum", seed: 5, index: $0) }
        .first { $0.check().status == .fail })
    var improvements: [String] = []
    let shrunk = failing.shrink(
      ShrinkRequest(
        goal: .failure, rule: Self.wrongSum, maxSeconds: 10,
        didImprove: { improvements.append($0) }))
    #expect(shrunk.check().status == .fail)
    #expect(shrunk.check().rule == Self.wrongSum)
    #expect(shrunk.token.count <= failing.token.count)
    #expect(improvements.last == shrunk.token || improvements.isEmpty)
  }

  /// Shrinking toward a crash (in process nothing crashes, so no candidate
  /// counts) never checks the start again: it is the case that crashed.
  @Test func crashShrinkingNeverRechecksTheStart() throws {
    let start = try target.decode(token: try token([1, 60, 1, 60, 0]))
    var checked: [String] = []
    _ = start.shrink(ShrinkRequest(goal: .crash, maxSeconds: 5, willCheck: { checked.append($0) }))
    #expect(!checked.isEmpty)
    #expect(!checked.contains(start.token))
  }

  @Test func rawBytesDecodeAsChoices() throws {
    let fuzzCase = try target.decode(property: "p.sum", bytes: [1, 40, 1, 40, 0])
    #expect(fuzzCase.token == (try token([1, 40, 1, 40, 0])))
    #expect(throws: FuzzInputError.self) { try target.decode(property: "nope", bytes: []) }
  }

  /// A corpus entry with a script is checked and rendered from its script
  /// (and shrunk from its choices).
  @Test func aCorpusEntryReplaysFromItsScript() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("property-target-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let failing = try target.decode(token: try token([1, 60, 1, 60, 0]))
    let path = try target.recordInCorpus(failing, message: "m", seed: 1, folder: folder.path)
    let entry = try Corpus.load(URL(fileURLWithPath: path))
    #expect(entry.script == .array([.number(60), .number(60)]))
    let decoded = try target.decodeCorpusEntry(at: path)
    #expect(decoded.token == failing.token)
    #expect(decoded.check() == failing.check())
    #expect(decoded.swiftCode(for: decoded.check().failures.first).contains("@Test func"))
    let shrunk = decoded.shrink(ShrinkRequest(goal: .failure, rule: Self.wrongSum, maxSeconds: 5))
    #expect(shrunk.check().rule == Self.wrongSum)
  }

  /// A failing case reports each failure with its kind, message and diff.
  @Test func aFailureCarriesItsKindAndDiff() throws {
    let failing = try target.decode(token: try token([1, 60, 1, 60, 0]))
    let outcome = failing.check()
    #expect(outcome.status == .fail)
    #expect(outcome.failures.count == 1)
    let failure = try #require(outcome.failures.first)
    #expect(failure.rule == Self.wrongSum)
    #expect(failure.message == "sum is 121, expected 120")
    #expect(failure.diff.contains("- sum 120") && failure.diff.contains("+ sum 121"))
  }

  /// A property that expects a trap fails when its case returns, and
  /// exposes its tag and flag to the command.
  @Test func aCaseThatShouldTrapButReturnsFails() throws {
    var returns = Property<[Int]>(
      "p.returns", generator: Gen<Int>.int(in: 0...5).array(count: 0...3)
    ) { _ in .pass }
    returns.expectsTrap = true
    let target = PropertyTarget([
      returns.eraseToAnyProperty(), Self.holds.tagged(.contract).eraseToAnyProperty(),
    ])
    #expect(target.expectsTrap("p.returns"))
    #expect(!target.expectsTrap("p.holds"))
    #expect(target.tag(of: "p.holds") == "contract")
    let fuzzCase = try #require(target.generate(property: "p.returns", seed: 1, index: 0))
    #expect(
      fuzzCase.check()
        == CaseOutcome(failures: [
          CaseOutcome.Failure(
            rule: FailureKind(PropertyTarget.returnedInsteadOfTrapping),
            message: PropertyTarget.returnedInsteadOfTrapping)
        ]))
    let plain = try #require(target.generate(property: "p.holds", seed: 1, index: 0))
    #expect(plain.check() == .pass)
  }
}
