import Generators
import Testing
import Verification

/// A property with a bug to find: it claims no list holds 500 or more.
let noLargeValues = Property<[Int]>(
  "example.noLargeValues", generator: Gen<Int>.int(in: 0...999).array()
) { values in
  values.allSatisfy { $0 < 500 } ? .pass : .fail(message: "found \(values.filter { $0 >= 500 })")
}

@Test func aFailureReplaysFromItsToken() throws {
  let run = Runner(configuration: RunConfiguration(seed: 42, cases: 100)).run(noLargeValues)
  let failure = try #require(run.counterexample)
  print(failure.report)  // seed, token, shrunk case, a Swift test

  let token = try ReplayToken.parse(failure.token)
  let replay = Runner(configuration: RunConfiguration(replay: token)).run(noLargeValues)
  #expect(replay.counterexample?.message == "found [500]")
}
