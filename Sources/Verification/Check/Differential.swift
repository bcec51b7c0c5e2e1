import Generators
import SnapshotCore

/// The one step-by-step runner of a script on the reference model and on
/// an implementation (the candidate), for every layer the catalog checks:
/// full snapshots, section snapshots and data sources, each described by
/// a `Differential.Layer`.
///
/// After every step it compares what the call returned and the state
/// after it, as `Equatable` values (`Layer.read`), and runs the
/// property's own audit of the step. A step the reference rejects is
/// handed to the candidate as its misuse policy declares (`MisusePolicy`):
/// a `.throws` or `.ignores` family gets it and is checked for its
/// reaction; a `.traps` or `.unspecified` one is never handed it.
///
/// **It goes on past a divergence.** When the candidate diverges, the
/// failure is recorded and the reference is rebuilt from the candidate's
/// observed state (`Layer.resynchronize`), so every later call is judged
/// on the state the candidate really holds: a second bug, or a trap later
/// in the script, is found and reported as a failure of its own. A layer
/// whose state cannot be rebuilt (a data source) keeps handing the
/// candidate the calls its own state accepts, unjudged, so a later trap
/// still shows.
struct Differential<Reference, Candidate, Command, Returned: Equatable, State: Equatable> {
  /// How the runner drives one layer.
  struct Layer {
    /// The part of the implementation the candidate is
    /// (`"snapshot"`, `"section snapshot"`, `"data source"`).
    var part: String
    /// Performs a command on the reference.
    var performOnReference: (Command, inout Reference) throws(SnapshotError) -> Returned
    /// Performs a command on the candidate.
    var performOnCandidate: (Command, inout Candidate) throws(SnapshotError) -> Returned
    /// Reads the two states after a step (together: a section snapshot's
    /// state asks about the ids either side holds).
    var read: (Reference, Candidate) -> (expected: State, actual: State)
    /// The observables on which the candidate's state differs.
    var divergences: (State, State) -> [Divergence]
    /// A reference holding the candidate's observed state (the
    /// reference's own where the candidate cannot show it), to go on from
    /// after a divergence; `nil` when it cannot be built.
    var resynchronize: (Candidate, Reference) -> Reference?
    /// Whether the candidate's own state accepts a command (after a
    /// divergence, for a layer that cannot resynchronize).
    var acceptsOnCandidate: (Command, Candidate) -> Bool = { _, _ in true }
    /// The candidate's own invariant violations.
    var candidateViolations: (Candidate) -> [String]
    /// The reference's own invariant violations (a broken reference is the
    /// suite's fault, never the candidate's).
    var referenceViolations: (Reference) -> [String]
    /// `==` of the candidate with a copy taken before the step, and of the
    /// reference with its copy, when the candidate's type has its own `==`.
    var equality: ((Candidate, Candidate) -> Bool, (Reference, Reference) -> Bool)?
    /// Whether what a command does is a point Apple leaves unconfirmed
    /// (the spec decides it), given the reference before it and its
    /// outcome there: a property judging only decided behaviour makes such
    /// a call on neither side.
    var undecided: (Command, Reference, StepOutcome<Returned>) -> Bool = { _, _, _ in false }
    /// The call family of a command (for the misuse policy).
    var family: (Command) -> MisuseFamily
    /// The Swift name of a command's method (the culprit of a failure).
    var operation: (Command) -> String
    /// The call of step `index` as Swift source on the candidate `c`, in
    /// the user's literals, without `try` (an argument it takes named
    /// after the step: `arg3`).
    var call: (Command, Int) -> String
    /// The statements that build the call's arguments (`var arg3 = …`),
    /// before the call of step `index`.
    var arguments: (Command, Int) -> [String] = { _, _ in [] }
    /// What the call's statement starts with: `try `, `_ = try ` for a
    /// call whose result is not used, or nothing.
    var prefix: (Command) -> String
    /// A returned value as text.
    var returnedText: (Returned) -> String
    /// The candidate's variable in rendered tests.
    var variable = "c"
    /// The candidate type's failure while building the call's argument
    /// (a value of the candidate's own type the call takes, such as a
    /// section snapshot to insert), as a failure of step `index`; `nil`
    /// when the argument is built right or the call takes none. The call
    /// whose argument is wrong is not judged itself: its divergence is the
    /// argument's consequence.
    var argumentFailure: ((Command, Int) -> Failure?)? = nil
    /// The statements of a rendered test that show a wrong return of the
    /// call of step `index` (the reference's is given); `nil`: the call
    /// alone.
    var returnedTest: ((Command, Int, Returned) -> [String])? = nil
    /// Whether `Returned` is what a call Apple rejects may return when its
    /// reaction is declared `.ignores` (a refused drag, an ignored tap);
    /// `nil`: anything it returns.
    var ignoredReturns: ((Command, Returned) -> Bool)? = nil
  }

  /// One step as an audit sees it.
  struct Step {
    var index: Int
    var command: Command
    var candidateBefore: Candidate
    var candidate: Candidate
    var referenceBefore: Reference
    var reference: Reference
    var expected: StepOutcome<Returned>
    var actual: StepOutcome<Returned>
    /// Whether the step was judged (the states agree up to it).
    var judged: Bool
  }

  /// What a run found.
  struct Run {
    var failures: [Failure] = []
    /// The reference after the last step.
    var reference: Reference
    /// The candidate after the last step.
    var candidate: Candidate
    /// The calls the reference rejects that were not handed to the
    /// candidate (their family traps or is unspecified).
    var skippedCalls = 0
    /// Whether the candidate diverged.
    var diverged = false
    /// The index of each step that failed, with its failure.
    var failedSteps: [Int] = []
    /// What happened at each step, in order.
    var steps: [StepRecord] = []
  }

  /// What the runner did with one step: whether the candidate was handed
  /// the call, and the reference's error when it rejected it.
  struct StepRecord: Equatable {
    var handed: Bool
    var rejection: SnapshotError?
    /// Whether the step was left unjudged: Apple's behaviour is
    /// unconfirmed there.
    var undecided = false
  }

  /// One step of the reference: the command, the reference before and
  /// after it, what it returned, whether `before` is where the previous
  /// step left the reference (not a reference rebuilt after a divergence),
  /// and whether the run goes on from `after` (a step left undecided is
  /// dropped).
  struct ReferenceStep {
    var index: Int
    var command: Command
    var before: Reference
    var after: Reference
    var outcome: StepOutcome<Returned>
    var follows: Bool
    var kept: Bool
  }

  let layer: Layer
  let policy: MisusePolicy
  let literals: Literals
  let context: CheckContext
  /// Whether only decided behaviour is judged (a required property): see
  /// `Layer.undecided`.
  var decidedOnly = false
  /// Told of every step the reference makes in a step-by-step run, right
  /// after it (before the candidate is handed the call).
  var observeReference: ((ReferenceStep) -> Void)?

  /// When a run compares the two states.
  enum StateComparison {
    /// After every step: the differential, which names the call a
    /// divergence starts at.
    case everyStep
    /// After the last step, for a property that judges its own rule (the
    /// audit): each step's outcome and audit are judged as they come, and
    /// a case where anything differs is run again step by step, so that
    /// its failures are exactly those of `.everyStep`. A divergence the
    /// last state no longer shows is left to the family's differential.
    /// Only for a candidate that is handed every call
    /// (`MisusePolicy.handsOverEverything`), which never traps on a call
    /// its own state rejects; any other is compared every step.
    case atEnd
  }

  /// Runs `commands` from `reference` and `candidate` (equal states),
  /// comparing after each step (or, by `states`, after the last) and
  /// running `audit` on each judged step. The audit must not keep state
  /// between calls: a case may be run twice.
  func run(
    _ commands: [Command], reference start: Reference, candidate first: Candidate,
    states: StateComparison = .everyStep, audit: ((Step) -> [Failure])? = nil
  ) -> Run {
    if states == .atEnd, policy.handsOverEverything,
      let run = runToTheEnd(
        commands, reference: start, candidate: first, audit: audit, sameOutcome: ==)
    {
      return run
    }
    return judgedRun(commands, reference: start, candidate: first, audit: audit)
  }

  /// Runs `commands` reading the states only at the end, and again step by
  /// step (to name the call that diverged) only when they differ there or
  /// a call's outcome differed: for scripts that build the snapshots a
  /// property then judges, where a divergence is rare.
  func build(_ commands: [Command], reference start: Reference, candidate first: Candidate)
    -> Run
  {
    runToTheEnd(
      commands, reference: start, candidate: first, audit: nil,
      sameOutcome: { $0.threw == $1.threw })
      ?? judgedRun(commands, reference: start, candidate: first, audit: nil)
  }

  /// A run that compares the states after the last step only (`build`,
  /// and `run` with `.atEnd`): every step handed to the candidate as the
  /// policy says, its outcome held to `sameOutcome` with the reference's
  /// and audited, then the states and invariants compared; `nil` as soon
  /// as anything differs, a call's argument is wrong or an audit fails
  /// (the case is then run step by step, and `observeReference` is told
  /// of its steps again from the first).
  private func runToTheEnd(
    _ commands: [Command], reference start: Reference, candidate first: Candidate,
    audit: ((Step) -> [Failure])?,
    sameOutcome: (StepOutcome<Returned>, StepOutcome<Returned>) -> Bool
  ) -> Run? {
    var run = Run(reference: start, candidate: first)
    for (index, command) in commands.enumerated() {
      let referenceBefore = run.reference
      let candidateBefore = run.candidate
      let (next, expected, undecided) = referenceStep(
        index, command, from: referenceBefore, follows: true)
      if undecided {
        run.steps.append(StepRecord(handed: false, rejection: nil, undecided: true))
        continue
      }
      run.reference = next
      var rejection: SnapshotError?
      if case .threw(let error) = expected { rejection = error }
      if let rejection,
        !policy.behavior(for: layer.family(command), rejectedWith: rejection)
          .handsOverRejectedCalls
      {
        run.skippedCalls += 1
        run.steps.append(StepRecord(handed: false, rejection: rejection))
        continue
      }
      run.steps.append(StepRecord(handed: true, rejection: rejection))
      guard layer.argumentFailure?(command, index) == nil else { return nil }
      context.willCall(layer.part, layer.operation(command), index)
      let actual = outcome { () throws(SnapshotError) in
        try layer.performOnCandidate(command, &run.candidate)
      }
      context.didCall()
      guard sameOutcome(expected, actual) else { return nil }
      if let audit {
        let step = Step(
          index: index, command: command, candidateBefore: candidateBefore,
          candidate: run.candidate, referenceBefore: referenceBefore, reference: run.reference,
          expected: expected, actual: actual, judged: true)
        guard audit(step).isEmpty else { return nil }
      }
    }
    let (expected, actual) = layer.read(run.reference, run.candidate)
    guard expected == actual, layer.candidateViolations(run.candidate).isEmpty,
      layer.referenceViolations(run.reference).isEmpty
    else { return nil }
    return run
  }

  private func judgedRun(
    _ commands: [Command], reference start: Reference, candidate first: Candidate,
    audit: ((Step) -> [Failure])?
  ) -> Run {
    var run = Run(reference: start, candidate: first)
    var judging = true
    var rebuilt = false
    for (index, command) in commands.enumerated() {
      let referenceBefore = run.reference
      let candidateBefore = run.candidate
      let (next, expected, undecided) = referenceStep(
        index, command, from: referenceBefore, follows: !rebuilt)
      if undecided {
        run.steps.append(StepRecord(handed: false, rejection: nil, undecided: true))
        continue
      }
      run.reference = next
      if let broken = suiteFailure(index, command, run.reference) {
        run.failures.append(broken)
        return run
      }
      let handOver: Bool
      if !judging {
        handOver = !expected.threw && layer.acceptsOnCandidate(command, run.candidate)
      } else if case .threw(let error) = expected {
        handOver =
          policy.behavior(for: layer.family(command), rejectedWith: error)
          .handsOverRejectedCalls
      } else {
        handOver = true
      }
      var rejection: SnapshotError?
      if case .threw(let error) = expected { rejection = error }
      run.steps.append(StepRecord(handed: handOver, rejection: rejection))
      guard handOver else {
        if judging, expected.threw { run.skippedCalls += 1 }
        continue
      }
      let argumentFailure = judging ? layer.argumentFailure?(command, index) : nil
      context.willCall(layer.part, layer.operation(command), index)
      let actual = outcome { () throws(SnapshotError) in
        try layer.performOnCandidate(command, &run.candidate)
      }
      context.didCall()
      guard judging else { continue }
      let step = Step(
        index: index, command: command, candidateBefore: candidateBefore,
        candidate: run.candidate, referenceBefore: referenceBefore, reference: run.reference,
        expected: expected, actual: actual, judged: true)
      // A wrong argument's consequence is not judged as the call's own.
      if let failure = argumentFailure ?? compare(step) {
        run.failures.append(failure)
        run.failedSteps.append(index)
        context.found(failure)
        run.diverged = true
        if let resynchronized = layer.resynchronize(run.candidate, run.reference) {
          run.reference = resynchronized
          rebuilt = true
        } else {
          judging = false
        }
        continue
      }
      for failure in audit?(step) ?? [] {
        run.failures.append(failure)
        run.failedSteps.append(index)
        context.found(failure)
      }
    }
    return run
  }

  /// Step `index` on the reference from `before`, told to
  /// `observeReference` (`follows`: `before` is where the previous step
  /// left the reference): the reference after it, its outcome, and whether
  /// the step is left undecided (then neither side goes on from it).
  private func referenceStep(
    _ index: Int, _ command: Command, from before: Reference, follows: Bool
  ) -> (after: Reference, outcome: StepOutcome<Returned>, undecided: Bool) {
    var next = before
    let expected = outcome { () throws(SnapshotError) in
      try layer.performOnReference(command, &next)
    }
    let undecided = decidedOnly && layer.undecided(command, before, expected)
    observeReference?(
      ReferenceStep(
        index: index, command: command, before: before, after: next, outcome: expected,
        follows: follows, kept: !undecided))
    return (next, expected, undecided)
  }

  /// A failure of the suite's own reference after step `index`, if any.
  private func suiteFailure(_ index: Int, _ command: Command, _ reference: Reference) -> Failure? {
    let broken = layer.referenceViolations(reference)
    guard !broken.isEmpty else { return nil }
    return Failure(
      kind: FailureKind(.suite("reference model")), step: index, observable: "invariants",
      message: "after `\(layer.call(command, index))` the reference model is broken: "
        + broken.joined(separator: "; "))
  }

  /// The candidate's failure on a judged step: a wrong reaction to a
  /// rejected call, a wrong return or state, or a broken invariant.
  private func compare(_ step: Step) -> Failure? {
    let (expected, actual) = layer.read(step.reference, step.candidate)
    let command = step.command
    var divergences: [Divergence] = []
    if step.expected.threw {
      divergences += reactionDivergence(step).map { [$0] } ?? []
    } else if step.expected != step.actual {
      divergences.append(outcomeDivergence(step))
    }
    divergences += layer.divergences(expected, actual)
    if let (same, sameReference) = layer.equality {
      let mine = sameReference(step.reference, step.referenceBefore)
      let theirs = same(step.candidate, step.candidateBefore)
      if mine != theirs {
        divergences.append(
          Divergence(
            observable: "==", expected: "== before: \(mine)", actual: "== before: \(theirs)",
            expectations: []))
      }
    }
    let violations = layer.candidateViolations(step.candidate)
    if divergences.isEmpty, !violations.isEmpty {
      divergences.append(
        Divergence(
          observable: "invariantViolations()", expected: "[]",
          actual: violations.joined(separator: "\n"),
          expectations: ["#expect(\(layer.variable).invariantViolations() == [])"]))
    }
    guard let first = divergences.first else { return nil }
    let call = layer.call(command, step.index)
    let severity = divergences.map(\.severity).min() ?? .wrong
    let shown = divergences.prefix(4)
    return Failure(
      kind: FailureKind(
        .call(part: layer.part, operation: layer.operation(command)), severity: severity),
      step: step.index, observable: first.observable,
      message: "after `\(call)` the \(layer.part) differs from the reference in "
        + shown.map(\.observable).joined(separator: ", ")
        + (divergences.count > shown.count ? " and \(divergences.count - shown.count) more" : ""),
      expected: shown.map { "\($0.observable): \($0.expected)" }.joined(separator: "\n"),
      actual: shown.map { "\($0.observable): \($0.actual)" }.joined(separator: "\n"),
      test: testTail(step, divergences))
  }

  /// The divergence of a rejected call handed over by the policy: a
  /// `.throws` family must throw the reference's error, an `.ignores` one
  /// must return; both must leave the state as it was (compared after).
  private func reactionDivergence(_ step: Step) -> Divergence? {
    guard case .threw(let error) = step.expected else { return nil }
    let behavior = policy.behavior(for: layer.family(step.command), rejectedWith: error)
    let shownError = literals.userError(error)
    switch (behavior, step.actual) {
    case (.ignores, .threw(let thrown)):
      return Divergence(
        observable: "reaction to misuse", expected: "returns (declared .ignores)",
        actual: "throws \(literals.userError(thrown))", expectations: [])
    case (.ignores, .returned(let value)):
      guard let accepts = layer.ignoredReturns, !accepts(step.command, value) else { return nil }
      return Divergence(
        observable: "reaction to misuse", expected: "returns nothing done (declared .ignores)",
        actual: "returns " + layer.returnedText(value), expectations: [])
    case (.ignores, _):
      return nil
    case (_, .threw(let thrown)) where thrown == error:
      return nil
    case (_, .threw(let thrown)):
      return Divergence(
        observable: "error", expected: "throws \(shownError)",
        actual: "throws \(literals.userError(thrown))", expectations: [])
    default:
      return Divergence(
        observable: "error", expected: "throws \(shownError)", actual: "returns",
        expectations: [])
    }
  }

  /// The divergence of what an accepted call returned.
  private func outcomeDivergence(_ step: Step) -> Divergence {
    Divergence(
      observable: "result",
      expected: step.expected.shown(literals, layer.returnedText),
      actual: step.actual.shown(literals, layer.returnedText), expectations: [])
  }

  /// The rendered test's statements from the failing step on: the call,
  /// written to show a wrong reaction (an error expected or not), then the
  /// expectations on each divergent observable.
  private func testTail(_ step: Step, _ divergences: [Divergence]) -> [String] {
    let call = layer.call(step.command, step.index)
    var lines = layer.arguments(step.command, step.index)
    switch step.expected {
    case .threw(let error):
      switch policy.behavior(for: layer.family(step.command), rejectedWith: error) {
      case .ignores:
        lines.append(
          layer.prefix(step.command)
            + "\(call)  // Apple rejects it; declared .ignores: must not throw")
      default:
        lines.append("#expect(throws: \(literals.errorLiteral(error))) { try \(call) }")
      }
    case .returned(let returned):
      if step.expected != step.actual, let test = layer.returnedTest {
        lines += test(step.command, step.index, returned)
      } else {
        lines.append(layer.prefix(step.command) + call)
      }
    case .skipped:
      lines.append(layer.prefix(step.command) + call)
    }
    var seen = Set(lines)
    for line in divergences.prefix(4).flatMap(\.expectations) where seen.insert(line).inserted {
      lines.append(line)
    }
    return lines
  }

  /// The rendered test's statements for the steps before `end` (all of
  /// them when `end` is `nil`), each as the run handled it: a call the
  /// candidate was handed (with its arguments), a rejected call it was
  /// handed (expected to throw, or, declared `.ignores`, to return), or,
  /// for a call it was never handed, a comment saying so.
  func statements(_ commands: [Command], _ run: Run, before end: Int?) -> [String] {
    var lines: [String] = []
    for (index, command) in commands.enumerated() where index < (end ?? commands.count) {
      let record = index < run.steps.count ? run.steps[index] : StepRecord(handed: true)
      let call = layer.call(command, index)
      switch (record.handed, record.rejection) {
      case (false, _) where record.undecided:
        lines.append("// skipped: `\(call)`: what Apple does here is unconfirmed")
      case (false, let error?):
        lines.append("// skipped: `\(call)`: Apple rejects it (\(literals.userError(error)))")
      case (false, nil):
        lines.append("// skipped: `\(call)`: the state the implementation holds rejects it")
      case (true, let error?):
        lines += layer.arguments(command, index)
        switch policy.behavior(for: layer.family(command), rejectedWith: error) {
        case .ignores:
          lines.append(layer.prefix(command) + "\(call)  // Apple rejects it; declared .ignores")
        default: lines.append("#expect(throws: \(literals.errorLiteral(error))) { try \(call) }")
        }
      case (true, nil):
        lines += layer.arguments(command, index)
        lines.append(layer.prefix(command) + call)
      }
    }
    return lines
  }

  /// The statements of a rendered test that ends at `failure`: the steps
  /// before it, then its own statements, or (a trap: it has none) its
  /// step's call, which traps.
  func statements(_ commands: [Command], _ run: Run, endingAt failure: Failure?) -> [String] {
    guard let failure, let step = failure.step, step < commands.count else {
      return statements(commands, run, before: nil)
    }
    if failure.test.isEmpty { return statements(commands, run, before: step + 1) }
    return statements(commands, run, before: step) + failure.test
  }

  /// Runs `body`, capturing its return or error.
  private func outcome(_ body: () throws(SnapshotError) -> Returned) -> StepOutcome<Returned> {
    do throws(SnapshotError) {
      return .returned(try body())
    } catch {
      return .threw(error)
    }
  }
}
