import Foundation
import FuzzKit

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
      let outcome = fuzzCase.check()
      emit(
        WorkerEvent(
          .end, index: index, token: fuzzCase.token, outcome: outcome,
          statistics: fuzzCase.statistics, seconds: seconds(clock.now - began)))
    }
  }

  private func shrink(_ request: WorkerRequest) {
    guard let token = request.token, let goal = request.goal,
      let fuzzCase = try? target.decode(token: token)
    else {
      emit(WorkerEvent(.error, message: "unusable shrink request"))
      return
    }
    let shrinkRequest = ShrinkRequest(
      goal: goal, rule: request.rule, avoid: request.avoid ?? [],
      maxSeconds: request.maxSeconds ?? 30,
      willCheck: { emit(WorkerEvent(.attempt, token: $0)) },
      didImprove: { emit(WorkerEvent(.improved, token: $0)) })
    let best = fuzzCase.shrink(shrinkRequest)
    guard goal == .failure else {
      emit(WorkerEvent(.done, token: best.token))
      return
    }
    emit(WorkerEvent(.attempt, token: best.token))
    emit(WorkerEvent(.done, token: best.token, outcome: best.check()))
  }

  private func replay(_ request: WorkerRequest) {
    guard let input = request.token,
      let fuzzCase = try? ReplayInput.resolve(input, property: request.property, target: target)
    else {
      emit(WorkerEvent(.error, message: "unusable replay request"))
      return
    }
    emit(WorkerEvent(.attempt, token: fuzzCase.token))
    emit(WorkerEvent(.done, token: fuzzCase.token, outcome: fuzzCase.check()))
  }

  private func emit(_ event: WorkerEvent) {
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
