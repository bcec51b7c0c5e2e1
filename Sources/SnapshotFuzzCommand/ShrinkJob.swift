import Foundation
import FuzzKit
import Generators
import Verification

/// Shrinks one failure in worker processes, surviving crashes.
///
/// A shrink worker announces each candidate before checking it
/// (`attempt`), each call of the code under test it makes (`call`,
/// `returned`: the worker is traced) and each simpler failing candidate
/// (`improved`). When the worker dies by a signal during a candidate, that
/// candidate crashed, in the call it was making (`FailureKind.trap(in:_:)`):
///
/// - shrinking a crash in the same call, it is simpler than the best so
///   far (the shrinker only tries simpler ones), so it becomes the new
///   best and a fresh worker goes on from it;
/// - shrinking a failure, or a crash in another call, the crash is another
///   bug met on the way: a fresh worker goes on shrinking from the best so
///   far, told to treat that candidate as not failing (unchecked), and the
///   crash is kept in `crashes` (the first candidate per call), for the
///   supervisor to report as its own kind.
///
/// The job ends when a worker reports `done`, when its time is spent (the
/// best so far is kept, marked as not fully shrunk) or when it is
/// abandoned.
final class ShrinkJob {
  /// What a job needs from its supervisor.
  struct Context {
    var target: any FuzzTarget
    var mailbox: Mailbox
    var seed: UInt64
    var maxSeconds: Double
    var newWorkerID: () -> Int
  }

  let property: String
  private(set) var kind: FailureRecord.Kind
  /// The rule the failure broke; candidates must break it too.
  private(set) var rule: FailureKind
  private let originalToken: String
  private var best: String
  let index: Int
  private var message: String
  private var diff: String
  /// The failure as the check reported it, for its rendered test (a
  /// crash: the step it trapped at).
  private var failure: CaseOutcome.Failure?
  /// The traced call the worker is in (`nil` between calls).
  private var call: Supervisor.TracedCall?
  private let context: Context
  private var worker: WorkerHandle?
  private var lastAttempt: String?
  private var steps = 0
  private var restarts = 0
  /// Candidates that crashed a worker while shrinking a failure: not
  /// this failure, never checked again by this job.
  private var avoid: [String] = []
  /// Crashes of another kind met while shrinking (any crash, shrinking a
  /// failure; another trap rule, shrinking a crash), the first candidate
  /// of each trap rule, in the order found.
  private(set) var crashes: [Crash] = []
  private var deadline = Date.distantFuture
  /// The finished record, once the job ended.
  private(set) var result: FailureRecord?

  init(
    property: String, kind: FailureRecord.Kind, rule: FailureKind, token: String, index: Int,
    message: String, diff: String, failure: CaseOutcome.Failure?, context: Context
  ) {
    self.failure = failure
    self.property = property
    self.kind = kind
    self.rule = rule
    originalToken = token
    best = token
    self.index = index
    self.message = message
    self.diff = diff
    self.context = context
  }

  /// A candidate that crashed a worker while the job shrank a failure.
  struct Crash {
    /// The crashing candidate's token.
    var token: String
    /// How the worker died (the trap message).
    var message: String
    /// The trap, in the call it happened in.
    var rule: FailureKind
    /// The step of that call.
    var step: Int?
  }

  /// The id of the current shrink worker.
  var workerID: Int? { worker?.id }

  /// Starts shrinking.
  func start() {
    deadline = Date(timeIntervalSinceNow: context.maxSeconds)
    launch()
  }

  /// Handles an event of the shrink worker.
  func handle(_ event: WorkerEvent) {
    switch event.ev {
    case .attempt:
      lastAttempt = event.token
      call = nil
    case .call:
      call = Supervisor.TracedCall(event)
    case .returned:
      call = nil
    case .improved:
      if let token = event.token, token != best {
        best = token
        steps += 1
      }
    case .done:
      if let token = event.token { best = token }
      if let outcome = event.outcome, let found = outcome.failure(of: rule) {
        message = found.message
        diff = found.diff
        failure = found
      }
      finish(shrunk: true)
    case .error:
      finish(shrunk: false)
    case .begin, .end, .idle, .found:
      break
    }
  }

  /// Handles the shrink worker's exit. A kill from outside (`SIGKILL`,
  /// `SIGTERM`, `SIGINT`) says nothing about the candidate: the job ends
  /// with the best case so far. A crash on a candidate of a failure, or a
  /// crash of another trap on a candidate of a crash, is another kind (see
  /// the type's notes); a crash of the failure's best case itself makes
  /// the failure a crash.
  func exited(status: Int32, signal: Int32?) {
    guard result == nil else { return }
    let crashed = signal.map { ![SIGINT, SIGTERM, SIGKILL].contains($0) } ?? false
    guard crashed, let attempt = lastAttempt, attempt != best || kind == .failure else {
      finish(shrunk: false)
      return
    }
    let death = worker?.deathMessage(status: status, signal: signal) ?? "crashed"
    let crash = Crash(
      token: attempt, message: death, rule: Supervisor.TracedCall.trap(call), step: call?.step)
    // A candidate that crashed in another call than the crash being
    // shrunk is another kind too: a crash keeps its call.
    if attempt != best, kind == .failure || crash.rule != rule {
      avoid.append(attempt)
      if !crashes.contains(where: { $0.rule == crash.rule }) { crashes.append(crash) }
    } else {
      message = death
      diff = ""
      if attempt != best { steps += 1 }
      best = attempt
      kind = .crash
      rule = crash.rule
      failure = CaseOutcome.Failure(rule: rule, message: death, step: crash.step)
    }
    restarts += 1
    guard restarts < 200, Date() < deadline else {
      finish(shrunk: false)
      return
    }
    launch()
  }

  /// Ends the job when its time is spent.
  func checkDeadline() {
    if result == nil, Date() >= deadline { finish(shrunk: false) }
  }

  /// Ends the job now, keeping the best case so far.
  func abandon() {
    if result == nil { finish(shrunk: false) }
  }

  private func launch() {
    lastAttempt = nil
    do {
      // A crash the runtime printed no message for (a release build's
      // failed precondition) is described from the backtrace instead; so
      // is one met while shrinking a failure, so its trap rule is the one
      // a run's retry (always backtraced) gives the same trap.
      let handle = try WorkerHandle(
        id: context.newWorkerID(), mailbox: context.mailbox,
        backtrace: kind == .failure || !WorkerDeath.hasPrintedMessage(message))
      worker = handle
      handle.send(
        .shrink(
          token: best, goal: kind == .crash ? .crash : .failure,
          rule: kind == .crash ? nil : rule, avoid: avoid,
          maxSeconds: max(1, deadline.timeIntervalSinceNow), trace: true))
    } catch {
      finish(shrunk: false)
    }
  }

  private func finish(shrunk: Bool) {
    worker?.kill()
    worker = nil
    // Rendering runs the code under test only on the steps before the
    // failure's, which did not trap.
    let swiftCode =
      (try? context.target.decode(token: best))?.swiftCode(
        for: failure ?? CaseOutcome.Failure(rule: rule, message: message)) ?? ""
    result = FailureRecord(
      property: property, kind: kind, token: best, originalToken: originalToken,
      seed: context.seed, caseIndex: index, message: message, swiftCode: swiftCode,
      diff: diff, shrinkSteps: steps, shrunk: shrunk, rule: rule)
  }
}
