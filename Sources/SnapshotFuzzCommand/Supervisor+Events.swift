import Foundation
import FuzzKit
import Generators
import Verification

/// Worker events and deaths: finished cases, cases whose worker died, and
/// their retries.
extension Supervisor {
  func handle(_ message: Mailbox.Message) {
    switch message {
    case .interrupted(let number):
      interrupt(number)
    case .line(let id, let line):
      guard let event = WireFormat.decode(WorkerEvent.self, from: line) else { return }
      if let job = activeShrink, job.workerID == id {
        job.handle(event)
      } else if retries[id] != nil {
        retryEvent(id, event)
      } else {
        handleWorker(id, event)
      }
    case .exited(let id, let status, let signal):
      if let job = activeShrink, job.workerID == id {
        job.exited(status: status, signal: signal)
      } else if retries[id] != nil {
        retryExited(id, status: status, signal: signal)
      } else {
        workerExited(id, status: status, signal: signal)
      }
    }
  }

  private func handleWorker(_ id: Int, _ event: WorkerEvent) {
    guard var slot = workers[id], !slot.retiring, let unit = slot.unit else { return }
    switch event.ev {
    case .begin:
      if let index = event.index, let token = event.token {
        slot.current = CurrentCase(
          ordinal: unit.ordinal + slot.done, index: index, token: token, since: clock.now,
          statistics: event.statistics)
      }
    case .end:
      // The statistics came with `begin` (so a case that traps has them).
      let statistics = slot.current?.statistics
      slot.current = nil
      if let outcome = event.outcome {
        finished(
          unit.property, ordinal: unit.ordinal + slot.done, index: event.index ?? -1,
          token: event.token ?? "", outcome: outcome, statistics: statistics,
          seconds: event.seconds ?? 0)
      }
      slot.done += 1
    case .idle:
      slot.unit = nil
      slot.done = 0
    case .error:
      progress.log("\(program): worker: \(event.message ?? "error")")
    case .found:
      // A failure reported before the case ends: kept even if a later
      // trap in the case kills the worker.
      if let current = slot.current {
        for failure in event.outcome?.failures ?? [] {
          offer(unit.property, candidate(failure, current.ordinal, current.index, current.token))
        }
      }
    case .attempt, .improved, .done, .call, .returned:
      break
    }
    workers[id] = slot
  }

  /// The candidate of a failure a check reported.
  func candidate(_ failure: CaseOutcome.Failure, _ ordinal: Int, _ index: Int, _ token: String)
    -> Candidate
  {
    Candidate(
      kind: .failure, rule: failure.rule, ordinal: ordinal, index: index, token: token,
      message: failure.message, diff: failure.diff, failure: failure)
  }

  private func finished(
    _ property: String, ordinal: Int, index: Int, token: String, outcome: CaseOutcome,
    statistics: CaseStatistics?, seconds: Double
  ) {
    tallies[property]?.record(outcome, statistics: statistics, seconds: seconds)
    if !target.expectsTrap(property) {
      unitSize[property] = max(1, min(64, Int(0.2 / max(seconds, 1e-5))))
    }
    guard outcome.status == .fail else { return }
    for failure in outcome.failures { offer(property, candidate(failure, ordinal, index, token)) }
  }

  /// A pool worker exited. During a case: the rest of its unit is
  /// rescheduled, and the case is a timeout (the supervisor killed it), an
  /// expected trap, or retried. Between cases: the rest of its unit is
  /// rescheduled, nothing else.
  private func workerExited(_ id: Int, status: Int32, signal: Int32?) {
    guard let slot = workers.removeValue(forKey: id) else { return }
    if slot.retiring || stopReason != nil { return }
    guard let unit = slot.unit else {
      unexplainedExits += 1
      progress.log(
        "\(program): worker \(slot.handle.pid) \(slot.handle.deathMessage(status: status, signal: signal)) while idle"
      )
      return
    }
    guard let current = slot.current else {
      requeue(unit, from: unit.ordinal + slot.done)
      unexplainedExits += 1
      progress.log(
        "\(program): worker \(slot.handle.pid) \(slot.handle.deathMessage(status: status, signal: signal)) "
          + "between cases of \(unit.property); its remaining cases run again")
      return
    }
    requeue(unit, from: current.ordinal + 1)
    let property = unit.property
    let ran = seconds(clock.now - current.since)
    if slot.timedOut {
      timedOut(property, current: current)
      return
    }
    if target.expectsTrap(property), let signal, WorkerDeath.isTrap(signal) {
      tallies[property]?.record(.pass, statistics: current.statistics, seconds: ran)
      return
    }
    let death = slot.handle.deathMessage(status: status, signal: signal)
    progress.log(
      "\(program): \(property): worker \(slot.handle.pid) \(death) during case \(current.index); "
        + "retrying the case in a fresh worker")
    startRetry(property, current: current, death: death, seconds: ran)
  }

  private func timedOut(_ property: String, current: CurrentCase) {
    tallies[property]?.recordCrash(seconds: options.caseTimeoutSeconds)
    progress.log("\(program): \(property) timed out at case \(current.index)")
    offer(
      property,
      Candidate(
        kind: .timeout, rule: .timeout, ordinal: current.ordinal,
        index: current.index, token: current.token,
        message: "case did not finish within \(DurationParser.format(options.caseTimeoutSeconds))",
        diff: ""))
  }

  // MARK: Retries

  private func startRetry(_ property: String, current: CurrentCase, death: String, seconds: Double)
  {
    nextWorkerID += 1
    do {
      let handle = try WorkerHandle(id: nextWorkerID, mailbox: mailbox, backtrace: true)
      handle.send(.replay(input: current.token, property: nil, trace: true))
      retries[nextWorkerID] = Retry(
        handle: handle, property: property, ordinal: current.ordinal, index: current.index,
        token: current.token, death: death, seconds: seconds, since: clock.now)
    } catch {
      progress.log("\(program): cannot start a worker to retry case \(current.index): \(error)")
      tallies[property]?.recordKilled(seconds: seconds)
    }
  }

  /// The retry returned: the case fails (a failure), or it passes and the
  /// first death was a kill from outside.
  private func retryEvent(_ id: Int, _ event: WorkerEvent) {
    guard var retry = retries[id] else { return }
    switch event.ev {
    case .done:
      retries.removeValue(forKey: id)
      retry.handle.finish()
      let outcome = event.outcome ?? .pass
      if outcome.status == .fail {
        tallies[retry.property]?.record(outcome, statistics: nil, seconds: retry.seconds)
        for failure in outcome.failures {
          offer(retry.property, candidate(failure, retry.ordinal, retry.index, retry.token))
        }
      } else {
        killed(retry, because: "the retry returned")
      }
    case .error:
      retries.removeValue(forKey: id)
      retry.handle.kill()
      killed(retry, because: "the retry could not run: \(event.message ?? "error")")
    case .found:
      for failure in event.outcome?.failures ?? [] {
        offer(retry.property, candidate(failure, retry.ordinal, retry.index, retry.token))
      }
    case .call:
      retry.call = TracedCall(event)
      retries[id] = retry
    case .returned:
      retry.call = nil
      retries[id] = retry
    case .begin, .end, .attempt, .improved, .idle:
      break
    }
  }

  /// The retry's worker died too: the death is reproducible, a crash (or,
  /// for a property that expects a trap, the trap it expects).
  private func retryExited(_ id: Int, status: Int32, signal: Int32?) {
    guard let retry = retries.removeValue(forKey: id) else { return }
    let current = CurrentCase(
      ordinal: retry.ordinal, index: retry.index, token: retry.token, since: retry.since)
    if retry.timedOut {
      timedOut(retry.property, current: current)
      return
    }
    if target.expectsTrap(retry.property), let signal, WorkerDeath.isTrap(signal) {
      tallies[retry.property]?.record(.pass, statistics: nil, seconds: retry.seconds)
      return
    }
    tallies[retry.property]?.recordCrash(seconds: retry.seconds)
    let message = retry.handle.deathMessage(status: status, signal: signal)
    let rule = TracedCall.trap(retry.call)
    offer(
      retry.property,
      Candidate(
        kind: .crash, rule: rule, ordinal: retry.ordinal, index: retry.index,
        token: retry.token, message: message, diff: "",
        failure: CaseOutcome.Failure(rule: rule, message: message, step: retry.call?.step)))
  }

  private func killed(_ retry: Retry, because reason: String) {
    tallies[retry.property]?.recordKilled(seconds: retry.seconds)
    progress.log(
      "\(program): \(retry.property): case \(retry.index) counted as killed, not failed "
        + "(its worker \(retry.death); \(reason))")
  }

  /// Ends every retry now (the run was interrupted): their cases count as
  /// killed.
  func abandonRetries() {
    for id in retries.keys.sorted() {
      guard let retry = retries.removeValue(forKey: id) else { continue }
      retry.handle.kill()
      killed(retry, because: "the run was interrupted before the retry finished")
    }
  }
}
