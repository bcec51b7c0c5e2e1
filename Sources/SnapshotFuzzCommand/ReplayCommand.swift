import Foundation
import FuzzKit
import Generators
import Verification

/// `snapshot-fuzz replay TOKEN|FILE`: re-runs one case in a worker process
/// (so a trap is reported, not suffered) and prints the counterexample and
/// its Swift test code.
struct ReplayCommand {
  let target: any FuzzTarget
  let input: String
  let property: String?
  /// Seconds the case may run before it counts as hung.
  let caseTimeout: Double
  /// The executable's product name, for messages.
  let program: String

  func run() -> Int32 {
    let fuzzCase: FuzzCase
    do {
      fuzzCase = try ReplayInput.resolve(input, property: property, target: target)
    } catch {
      Console.error("\(program): \(error)")
      return ExitCode.dataError
    }
    signal(SIGPIPE, SIG_IGN)
    let mailbox = Mailbox()
    let worker: WorkerHandle
    do {
      worker = try WorkerHandle(id: 1, mailbox: mailbox, backtrace: true)
    } catch {
      Console.error("\(program): cannot start a worker: \(error)")
      return ExitCode.ioError
    }
    worker.send(WorkerRequest.replay(input: input, property: property, trace: true))
    var outcome: CaseOutcome?
    var found: [CaseOutcome.Failure] = []
    var call: Supervisor.TracedCall?
    var crash: String?
    var timedOut = false
    var trapped = false
    let deadline = Date(timeIntervalSinceNow: caseTimeout)
    waiting: while true {
      if Date() > deadline {
        worker.kill()
        timedOut = true
        break waiting
      }
      for message in mailbox.take(timeout: 1) {
        switch message {
        case .line(_, let line):
          guard let event = WireFormat.decode(WorkerEvent.self, from: line) else { continue }
          switch event.ev {
          case .done: outcome = event.outcome
          case .error: crash = event.message ?? "worker error"
          case .found: found += event.outcome?.failures ?? []
          case .call: call = Supervisor.TracedCall(event)
          case .returned: call = nil
          case .idle: break waiting
          default: break
          }
        case .exited(_, let status, let signal):
          if outcome == nil {
            crash = worker.deathMessage(status: status, signal: signal)
            trapped = signal.map(WorkerDeath.isTrap) ?? false
          }
          break waiting
        case .interrupted:
          break
        }
      }
    }
    worker.finish()
    if target.expectsTrap(fuzzCase.property), trapped {
      return report(
        fuzzCase, outcome: .pass, crash: nil, timedOut: false, note: "traps as expected")
    }
    if crash != nil, outcome == nil {
      // The failures found before the trap, then the trap in its call.
      let trap = CaseOutcome.Failure(
        rule: Supervisor.TracedCall.trap(call), message: crash ?? "", step: call?.step)
      outcome = CaseOutcome(failures: found + [trap])
    }
    return report(fuzzCase, outcome: outcome, crash: crash, timedOut: timedOut, note: nil)
  }

  private func report(
    _ fuzzCase: FuzzCase, outcome: CaseOutcome?, crash: String?, timedOut: Bool, note: String?
  ) -> Int32 {
    Console.output("Property: \(fuzzCase.property)")
    Console.output("Token: \(fuzzCase.token)")
    let failed: Bool
    if timedOut {
      Console.output(
        "Result: TIMEOUT: the case did not finish within \(DurationParser.format(caseTimeout)) "
          + "(--case-timeout)")
      failed = true
    } else if let note {
      Console.output("Result: passes (\(note))")
      failed = false
    } else if let outcome, outcome.status == .fail {
      Console.output(
        "Result: \(crash == nil ? "FAIL" : "CRASH"): "
          + Cause<FailureKind>.count(
            causes: outcome.failures.count, failures: outcome.failures.count))
      for failure in outcome.failures {
        Console.output(
          "- \(failure.rule.culprit) [\(failure.rule.severity.label)]: \(failure.message)")
        if let link = failure.link { Console.output("  rule: \(link)") }
        if !failure.diff.isEmpty {
          Console.output("  State (- expected, + actual):\n\(failure.diff)")
        }
      }
      failed = true
    } else if let outcome, outcome.status == .discard {
      Console.output("Result: discarded (\(outcome.message)); it does not fail")
      failed = false
    } else {
      Console.output("Result: passes now")
      failed = false
    }
    let failures = outcome?.failures ?? []
    if failures.isEmpty {
      Console.output("\nSwift test:\n\(fuzzCase.swiftCode(for: nil))")
    }
    for failure in failures {
      Console.output("\nSwift test (\(failure.rule.culprit)):\n\(fuzzCase.swiftCode(for: failure))")
    }
    return failed ? ExitCode.failure : ExitCode.success
  }
}
