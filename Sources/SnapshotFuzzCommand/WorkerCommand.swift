import Foundation
import FuzzKit
import Verification

/// The hidden `worker` subcommand: reads requests from standard input and
/// answers on the protocol channel (the original standard output; anything
/// the code under test prints goes to standard error instead).
///
/// Before checking a case it announces the case's token and flushes, so if
/// the check traps, the supervisor still knows exactly which case it was.
struct WorkerCommand {
  /// The environment variable holding the supervisor's process id.
  static let supervisorVariable = "SNAPSHOT_FUZZ_SUPERVISOR"

  let target: any FuzzTarget
  private let channel: Int32

  init(target: any FuzzTarget) {
    self.target = target
    channel = dup(STDOUT_FILENO)
    dup2(STDERR_FILENO, STDOUT_FILENO)
  }

  /// Serves requests until standard input closes; returns the exit code.
  func run() -> Int32 {
    // A terminal's Ctrl-C reaches the whole process group: the supervisor
    // decides when workers stop. SIGTERM keeps its default (the supervisor
    // may have inherited SIG_IGN to us).
    signal(SIGINT, SIG_IGN)
    signal(SIGTERM, SIG_DFL)
    SupervisorWatch.start()
    while let line = readLine() {
      guard let request = WireFormat.decode(WorkerRequest.self, from: line) else {
        emit(WorkerEvent(.error, message: "unreadable request"))
        continue
      }
      switch request.op {
      case .run: runCases(request)
      case .shrink: shrink(request)
      case .replay: replay(request)
      }
      emit(WorkerEvent(.idle))
    }
    return 0
  }

  private func runCases(_ request: WorkerRequest) {
    guard let property = request.property, let seedText = request.seed,
      let seed = UInt64(seedText), let start = request.start, let stride = request.stride,
      let count = request.count
    else {
      emit(WorkerEvent(.error, message: "incomplete run request"))
      return
    }
    let clock = ContinuousClock()
    for ordinal in 0..<count {
      let index = start + ordinal * stride
      let began = clock.now
      guard let fuzzCase = target.generate(property: property, seed: seed, index: index) else {
        emit(WorkerEvent(.error, message: "unknown property \(property)"))
        return
      }
      emit(
        WorkerEvent(.begin, index: index, token: fuzzCase.token, statistics: fuzzCase.statistics))
      let outcome = fuzzCase.check(context(trace: request.trace == true, index: index))
      emit(
        WorkerEvent(
          .end, index: index, token: fuzzCase.token, outcome: outcome,
          seconds: seconds(clock.now - began)))
    }
  }

  private func shrink(_ request: WorkerRequest) {
    guard let token = request.token, let goal = request.goal,
      let fuzzCase = try? target.decode(token: token)
    else {
      emit(WorkerEvent(.error, message: "unusable shrink request"))
      return
    }
    let trace = request.trace == true
    let shrinkRequest = ShrinkRequest(
      goal: goal, rule: request.rule, avoid: request.avoid ?? [],
      maxSeconds: request.maxSeconds ?? 30,
      willCheck: { emit(WorkerEvent(.attempt, token: $0)) },
      didImprove: { emit(WorkerEvent(.improved, token: $0)) },
      didCheck: { if trace { emit(WorkerEvent(.returned)) } },
      context: context(trace: trace, index: nil, reportsFailures: false))
    let best = fuzzCase.shrink(shrinkRequest)
    guard goal == .failure else {
      emit(WorkerEvent(.done, token: best.token))
      return
    }
    emit(WorkerEvent(.attempt, token: best.token))
    emit(
      WorkerEvent(
        .done, token: best.token, outcome: best.check(context(trace: trace, index: nil))))
  }

  /// What a check tells this worker: with `trace`, each call of the code
  /// under test before and after it is made (`call`, `returned`), so a
  /// trap is blamed on the call it was in; with `reportsFailures`, each
  /// failure at once (`found`), so a later trap in the case loses none.
  private func context(trace: Bool, index: Int?, reportsFailures: Bool = true) -> CheckContext {
    let channel = channel
    let emit: @Sendable (WorkerEvent) -> Void = { Self.emit($0, on: channel) }
    return CheckContext(
      willCall: { part, operation, step in
        if trace { emit(.call(part: part, operation: operation, step: step)) }
      },
      didCall: { if trace { emit(WorkerEvent(.returned)) } },
      found: { failure in
        guard reportsFailures else { return }
        emit(
          WorkerEvent(
            .found, index: index,
            outcome: CaseOutcome(failures: [PropertyTarget.caseFailure(failure)])))
      })
  }

  private func replay(_ request: WorkerRequest) {
    guard let input = request.token,
      let fuzzCase = try? ReplayInput.resolve(input, property: request.property, target: target)
    else {
      emit(WorkerEvent(.error, message: "unusable replay request"))
      return
    }
    emit(WorkerEvent(.attempt, token: fuzzCase.token))
    let outcome = fuzzCase.check(context(trace: request.trace == true, index: nil))
    emit(WorkerEvent(.done, token: fuzzCase.token, outcome: outcome))
  }

  private func emit(_ event: WorkerEvent) { Self.emit(event, on: channel) }

  /// Writes `event` whole on the protocol channel; exits when the
  /// supervisor is gone.
  private static func emit(_ event: WorkerEvent, on channel: Int32) {
    let data = WireFormat.line(event)
    data.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress else { return }
      var offset = 0
      while offset < bytes.count {
        let written = write(channel, base + offset, bytes.count - offset)
        if written <= 0 { exit(0) }
        offset += written
      }
    }
  }

  private func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
  }
}
