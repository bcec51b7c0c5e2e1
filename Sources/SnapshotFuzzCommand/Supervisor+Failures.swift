import Foundation
import FuzzKit
import Generators
import Verification

/// Failures: the lowest failing case of each rule per property (at most
/// `maxFailureKinds` rules, the most severe first), their shrinking, and
/// their entries in the report set and the corpus.
extension Supervisor {
  /// Takes `candidate` as its rule's failure if it is lower than the one
  /// known; the cases at or above the property's cutoff are no longer
  /// scheduled.
  func offer(_ property: String, _ candidate: Candidate) {
    guard !committed.contains(property) else { return }
    var known = candidates[property] ?? []
    if let index = known.firstIndex(where: { $0.rule == candidate.rule }) {
      guard candidate.ordinal < known[index].ordinal else { return }
      known[index] = candidate
    } else {
      progress.log(
        "\(program): \(property) failed at case \(candidate.index) (\(candidate.rule)): "
          + candidate.message)
      known.append(candidate)
    }
    candidates[property] = known
    if options.stopOnFailure, stopReason == nil { stop(reason: "first-failure") }
    guard let cutoff = cutoff(property) else { return }
    requeued[property] = (requeued[property] ?? []).compactMap { unit in
      guard unit.ordinal < cutoff else { return nil }
      var unit = unit
      unit.count = min(unit.count, cutoff - unit.ordinal)
      return unit
    }
  }

  /// The cases a property's failures come from: after its first failure
  /// (the lowest failing ordinal, `k`), it looks for failures of other
  /// rules up to ordinal `k + max(k, 100)` and no further, so the rules
  /// found depend on the seed alone, never on `--jobs` or timing. `nil`
  /// before any failure, and with one rule allowed the cutoff is `k + 1`.
  func cutoff(_ property: String) -> Int? {
    guard let first = candidates[property]?.map(\.ordinal).min() else { return nil }
    return maxFailureKinds <= 1 ? first + 1 : first + max(first, 100) + 1
  }

  /// The failures a property reports: the lowest case of each rule below
  /// its cutoff, at most `maxFailureKinds` rules, the most severe first.
  func kept(_ property: String) -> [Candidate] {
    let cutoff = cutoff(property) ?? Int.max
    var found = DistinctFailures<Candidate>(limit: maxFailureKinds)
    for candidate in candidates[property] ?? [] where candidate.ordinal < cutoff {
      found.offer(candidate.rule, caseIndex: candidate.ordinal, value: candidate)
    }
    return found.kept.map(\.value)
  }

  /// Commits every property's failures that can no longer change: no case
  /// below its cutoff is left to hand out, in flight, retried or
  /// rescheduled (or the run has stopped and its retries are over).
  func commitReadyFailures() {
    for name in names where !committed.contains(name) {
      guard let limit = cutoff(name) else { continue }
      let retrying = retries.values.contains { $0.property == name && $0.ordinal < limit }
      if retrying { continue }
      if stopReason == nil {
        let running = workers.values.contains { slot in
          guard !slot.retiring, let unit = slot.unit, unit.property == name else { return false }
          return unit.ordinal + slot.done < limit
        }
        let rescheduled = (requeued[name] ?? []).contains { $0.ordinal < limit }
        if running || rescheduled || hasFreshCases(name) { continue }
      }
      committed.append(name)
      for candidate in kept(name) { commit(name, candidate) }
    }
  }

  /// Shrinks `candidate` (a failure or crash) keeping its rule, or records
  /// it as found (a timeout, whose candidates could each hang; a property
  /// that expects a trap, whose candidates pass by killing the worker).
  private func commit(_ property: String, _ candidate: Candidate) {
    guard candidate.kind != .timeout, !target.expectsTrap(property) else {
      let swiftCode =
        (try? target.decode(token: candidate.token))?.swiftCode(for: candidate.failure) ?? ""
      persist(
        FailureRecord(
          property: property, kind: candidate.kind, token: candidate.token,
          originalToken: candidate.token, seed: seed, caseIndex: candidate.index,
          message: candidate.message, swiftCode: swiftCode, diff: candidate.diff,
          rule: candidate.rule))
      return
    }
    shrinkQueue.append(
      ShrinkJob(
        property: property, kind: candidate.kind, rule: candidate.rule, token: candidate.token,
        index: candidate.index, message: candidate.message, diff: candidate.diff,
        failure: candidate.failure, context: shrinkContext))
  }

  private var shrinkContext: ShrinkJob.Context {
    ShrinkJob.Context(
      target: target, mailbox: mailbox, seed: seed, maxSeconds: options.shrinkSeconds,
      newWorkerID: { [unowned self] in
        nextWorkerID += 1
        return nextWorkerID
      })
  }

  func advanceShrinking() {
    if let job = activeShrink {
      job.checkDeadline()
      guard let record = job.result else { return }
      activeShrink = nil
      persist(record)
      queueCrashes(of: job)
    }
    guard let job = shrinkQueue.first else { return }
    shrinkQueue.removeFirst()
    if interruption != nil {
      job.abandon()
      if let record = job.result { persist(record) }
      return
    }
    job.start()
    activeShrink = job
  }

  /// Queues the crashes `job` met while shrinking a failure of another
  /// kind, each to be shrunk and reported as its property's own crash
  /// kind (at the failure's case index), while the property holds fewer
  /// than `maxFailureKinds` kinds and none with that trap message.
  private func queueCrashes(of job: ShrinkJob) {
    for crash in job.crashes {
      let held =
        failures.filter { $0.property == job.property }.map { $0.rule }
        + shrinkQueue.filter { $0.property == job.property }.map { Optional($0.rule) }
      guard held.count < maxFailureKinds, !held.contains(crash.rule) else { continue }
      progress.log(
        "\(program): \(job.property): a candidate crashed while shrinking \(job.rule): "
          + "\(crash.message); shrinking it as its own failure")
      shrinkQueue.append(
        ShrinkJob(
          property: job.property, kind: .crash, rule: crash.rule, token: crash.token,
          index: job.index, message: crash.message, diff: "",
          failure: CaseOutcome.Failure(rule: crash.rule, message: crash.message, step: crash.step),
          context: shrinkContext))
    }
  }

  /// Writes `record` into the report set and, unless the run writes no
  /// corpus or its property expects a trap, into the corpus.
  private func persist(_ record: FailureRecord) {
    var written = record
    do {
      written = try reports.writeFailure(record)
    } catch {
      progress.log("\(program): \(error)")
      writeErrors.append(error.description)
    }
    failures.append(written)
    progress.log(
      "\(program): \(record.property) \(record.kind.rawValue)"
        + (record.rule.map { " (\($0))" } ?? "") + ", token \(record.token)")
    guard let folder = options.corpus, !target.expectsTrap(record.property),
      let shrunk = try? target.decode(token: record.token)
    else { return }
    do {
      let path = try target.recordInCorpus(
        shrunk, message: record.message, seed: seed, folder: folder)
      progress.log("\(program): corpus entry \(path)")
    } catch {
      progress.log("\(program): no corpus entry for \(record.property): \(error)")
    }
  }
}
