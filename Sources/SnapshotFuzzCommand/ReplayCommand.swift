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
    worker.send(WorkerRequest.replay(input: input, property: property))
    var outcome: CaseOutcome?
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
          if event.ev == .done { outcome = event.outcome }
          if event.ev == .error { crash = event.message ?? "worker error" }
          if event.ev == .idle { break waiting }
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
    } else if let crash {
      Console.output("Result: CRASH: \(crash)")
      Console.output("Kind: crash (\(FailureKind.trap(crash)))")
      failed = true
    } else if let outcome, outcome.status == .fail {
      Console.output("Result: FAIL: \(outcome.message)")
      if let rule = outcome.rule { Console.output("Kind: failure (\(rule))") }
      if !outcome.diff.isEmpty {
        Console.output("\nState (- expected, + actual):\n\(outcome.diff)")
      }
      failed = true
    } else if let outcome, outcome.status == .discard {
      Console.output("Result: discarded (\(outcome.message)); it does not fail")
      failed = false
    } else {
      Console.output("Result: passes now")
      failed = false
    }
    Console.output("\nSwift test:\n\(Self.swiftTest(fuzzCase, outcome: outcome, crash: crash))")
    return failed ? ExitCode.failure : ExitCode.success
  }

  /// The case's Swift test as the run's reports show it: named for the
  /// failure's kind, and, for a crash, an exit test.
  static func swiftTest(_ fuzzCase: FuzzCase, outcome: CaseOutcome?, crash: String?) -> String {
    let code = fuzzCase.swiftCode()
    guard let crash else { return SwiftCode.named(code, for: outcome?.rule) }
    return SwiftCode.named(SwiftCode.crashTest(code), for: .trap(crash))
  }
}
