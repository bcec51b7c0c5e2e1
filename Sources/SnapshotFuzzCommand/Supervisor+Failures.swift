import Foundation
import FuzzKit
import Verification

/// Failures: the lowest failing case per property, its shrinking, and its
/// entry in the report set and the corpus.
extension Supervisor {
  /// Takes `candidate` as `property`'s failure if it is lower than the one
  /// known; the cases above it are no longer scheduled.
  func offer(_ property: String, _ candidate: Candidate) {
    guard !committed.contains(property) else { return }
    if let known = candidates[property], known.ordinal <= candidate.ordinal { return }
    if candidates[property] == nil {
      progress.log("\(program): \(property) failed at case \(candidate.index): \(candidate.message)")
    }
    candidates[property] = candidate
    requeued[property] = (requeued[property] ?? []).compactMap { unit in
      guard unit.ordinal < candidate.ordinal else { return nil }
      var unit = unit
      unit.count = min(unit.count, candidate.ordinal - unit.ordinal)
      return unit
    }
  }

  /// Commits every property's failure that can no longer be undercut: no
  /// case below it is in flight, retried or rescheduled (or the run has
  /// stopped and its retries are over).
  func commitReadyFailures() {
    for name in names where !committed.contains(name) {
      guard let candidate = candidates[name] else { continue }
      let retrying = retries.values.contains { $0.property == name && $0.ordinal < candidate.ordinal }
      if retrying { continue }
      if stopReason == nil {
        let running = workers.values.contains { slot in
          guard !slot.retiring, let unit = slot.unit, unit.property == name else { return false }
          return unit.ordinal + slot.done < candidate.ordinal
        }
        let rescheduled = (requeued[name] ?? []).contains { $0.ordinal < candidate.ordinal }
        if running || rescheduled { continue }
      }
      committed.append(name)
      commit(name, candidate)
    }
  }

  /// Shrinks `candidate` (a failure or crash) or records it as found (a
  /// timeout, whose candidates could each hang; a property that expects a
  /// trap, whose candidates pass by killing the worker).
  private func commit(_ property: String, _ candidate: Candidate) {
    guard candidate.kind != .timeout, !target.expectsTrap(property) else {
      let swiftCode = (try? target.decode(token: candidate.token))?.swiftCode() ?? ""
      persist(
        FailureRecord(
          property: property, kind: candidate.kind, token: candidate.token,
          originalToken: candidate.token, seed: seed, caseIndex: candidate.index,
          message: candidate.message, swiftCode: swiftCode, diff: candidate.diff))
      return
    }
    shrinkQueue.append(
      ShrinkJob(
        property: property, kind: candidate.kind, token: candidate.token, index: candidate.index,
        message: candidate.message, diff: candidate.diff, context: shrinkContext))
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

  /// Writes `record` into the report set and, unless its property is
  /// planted (and the corpus is the committed one) or expects a trap, into
  /// the corpus.
  private func persist(_ record: FailureRecord) {
    var written = record
    do {
      written = try reports.writeFailure(record)
    } catch {
      progress.log("\(program): \(error)")
      writeErrors.append(error.description)
    }
    failures.append(written)
    progress.log("\(program): \(record.property) \(record.kind.rawValue), token \(record.token)")
    guard let folder = options.corpus, !target.expectsTrap(record.property),
      let shrunk = try? target.decode(token: record.token)
    else { return }
    if target.isPlanted(record.property), Self.isDefaultCorpus(folder) {
      progress.log(
        "\(program): \(record.property) is planted: no entry in \(RunOptions.defaultCorpus) "
          + "(name another folder with --corpus to keep one)")
      return
    }
    do {
      let path = try target.recordInCorpus(shrunk, message: record.message, seed: seed, folder: folder)
      progress.log("\(program): corpus entry \(path)")
    } catch {
      progress.log("\(program): no corpus entry for \(record.property): \(error)")
    }
  }

  /// Whether `folder` is the committed corpus, `Tests/Regressions`.
  static func isDefaultCorpus(_ folder: String) -> Bool {
    let path = { (text: String) in
      URL(fileURLWithPath: text, isDirectory: true).standardizedFileURL.resolvingSymlinksInPath().path
    }
    return path(folder) == path(RunOptions.defaultCorpus)
  }
}
