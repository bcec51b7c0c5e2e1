import Generators
import Testing
import Verification

/// Lists of up to 20 small numbers; shrinking makes them shorter and their
/// values smaller.
let smallLists = Gen<Int>.int(in: 0...99).array(count: 0...20)

/// Reversing twice gives the list back.
let reverseTwice = Property<[Int]>("example.reverseTwice", generator: smallLists) { values in
  let back = Array(values.reversed().reversed())
  guard back == values else {
    return .fail(message: "reversed twice", expected: "\(values)", actual: "\(back)")
  }
  return .pass
}

@Test func reverseTwiceHolds() {
  let report = Runner(configuration: RunConfiguration(seed: 42, cases: 200)).run(reverseTwice)
  #expect(report.passed, "\(report.summary)")
}

/// A section layout: a number of sections, then that many item counts.
let layouts = Gen<Int>.int(in: 0...4).flatMap { sections in
  Gen<Int>.int(in: 0...6).array(count: sections...sections)
}

/// Pairs of a list and an index into it (or `nil` for an empty list).
let listAndIndex = smallLists.flatMap { list in
  Gen<Int>.index(count: Swift.max(list.count, 1)).map { (list, list.isEmpty ? nil : $0) }
}

@Test func aFailingCheckShrinksToTheSmallestCounterexample() {
  let outcome = Gen<Int>.int(in: 0...1000).array().check(seed: 7) { values in
    values.contains { $0 >= 500 }
  }
  #expect(outcome.shrunk?.value == [500])
}

/// Labels and a coverage requirement: a run fails when fewer than 5% of its
/// cases are empty lists.
let sortedIsIdempotent = Property<[Int]>(
  "example.sortedIsIdempotent", generator: smallLists,
  coverage: [CoverageRequirement(label: "empty", minimumShare: 0.05)],
  labels: { $0.isEmpty ? ["empty"] : [] }
) { values in
  values.sorted().sorted() == values.sorted() ? .pass : .fail(message: "sorting twice differs")
}

@Test func sortedIsIdempotentMeetsItsCoverage() {
  let report = Runner(configuration: RunConfiguration(seed: 42, cases: 300)).run(sortedIsIdempotent)
  #expect(report.passed, "\(report.summary)")
}
