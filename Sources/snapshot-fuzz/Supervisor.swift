import Foundation
import FuzzKit
import Verification

/// Runs a fuzz campaign over worker processes and collects its report.
///
/// The supervisor hands each idle worker a unit of consecutive case
/// ordinals of one property (round-robin over properties, sized to about a
/// fifth of a second), tallies every finished case, and reacts to deaths:
/// a worker killed by a signal while a case was announced and unfinished
/// crashed on that case, which is recorded as a failure with its token; the
/// worker is replaced and the run goes on. Every failure is shrunk in a
/// separate worker (see `ShrinkJob`), written to `failures/` and the corpus,
/// and the property is not scheduled again.
final class Supervisor {
  private let target: any FuzzTarget
  private let options: RunOptions
  private let names: [String]
  private let seed: UInt64
  private let jobs: Int
  private let out: URL
  private let mailbox = Mailbox()
  private let clock = ContinuousClock()
  private let started: ContinuousClock.Instant
  private var progress = ProgressLine()
  private var tallies: [String: PropertyTally] = [:]
  private var nextOrdinal: [String: Int] = [:]
  private var unitSize: [String: Int] = [:]
  private var failed: [String] = []
  private var workers: [Int: WorkerSlot] = [:]
  private var shrinkQueue: [ShrinkJob] = []
  private var activeShrink: ShrinkJob?
  private var failures: [FailureRecord] = []
  private var timeline: [TimelinePoint] = []
  private var nextWorkerID = 0
  private var roundRobin = 0
  private var unexplainedExits = 0
  private var stopReason: String?
  private var interrupted = false

  /// A worker and the unit it is running.
  private struct WorkerSlot {
    var handle: WorkerHandle
    var property: String?
    var current: (index: Int, token: String, since: ContinuousClock.Instant)?
    var retiring = false
    var timedOut = false
  }

  init(target: any FuzzTarget, options: RunOptions, names: [String], seed: UInt64, jobs: Int) {
    self.target = target
    self.options = options
    self.names = names
    self.seed = seed
    self.jobs = jobs
    out = URL(fileURLWithPath: options.out, isDirectory: true)
    started = clock.now
    for name in names {
      let requirements = target.coverageRequirements(of: name).map {
        PropertyTally.CoverageRequirementEntry(label: $0.label, minimumShare: $0.minimumShare)
      }
      tallies[name] = PropertyTally(name: name, requirements: requirements)
      nextOrdinal[name] = 0
      unitSize[name] = 2
    }
  }

  /// Runs until the budget is spent or a signal arrives; returns the report.
  func run() -> FuzzReport {
    let startedAt = ISO8601DateFormatter().string(from: Date())
    let watcher = SignalWatcher(mailbox: mailbox)
    defer { watcher.cancel() }
    var lastSample = -1.0
    while true {
      replenishWorkers()
      dispatch()
      for message in mailbox.take(timeout: 0.1) { handle(message) }
      checkBudget()
      checkTimeouts()
      advanceShrinking()
      let now = elapsed
      if now - lastSample >= 1 {
        timeline.append(TimelinePoint(elapsed: now, cases: casesDone))
        lastSample = now
      }
      progress.update(progressText, elapsed: now)
      if isFinished { break }
    }
    for slot in workers.values { slot.handle.kill() }
    progress.clear()
    timeline.append(TimelinePoint(elapsed: elapsed, cases: casesDone))
    return FuzzReport(
      seed: seed, shard: options.shard, startedAt: startedAt, durationSeconds: elapsed,
      stopReason: stopReason ?? "cases", jobs: jobs,
      properties: names.compactMap { tallies[$0]?.report }, failures: failures,
      timeline: timeline)
  }

  // MARK: Scheduling

  private var elapsed: Double {
    let parts = (clock.now - started).components
    return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
  }

  private var casesDone: Int {
    tallies.values.reduce(0) { $0 + $1.cases + $1.discards }
  }

  private var isFinished: Bool {
    guard stopReason != nil else { return false }
    let busy = workers.values.contains { !$0.retiring && $0.property != nil }
    return !busy && activeShrink == nil && shrinkQueue.isEmpty
  }

  /// Whether `name` has cases left to hand out: it has not failed and its
  /// case budget, if any, is not spent.
  private func hasWork(_ name: String) -> Bool {
    guard !failed.contains(name) else { return false }
    if case .cases(let limit) = options.budget { return nextOrdinal[name, default: 0] < limit }
    return true
  }

  /// The next property with work left, round-robin.
  private func nextProperty() -> String? {
    for offset in 0..<names.count {
      let name = names[(roundRobin + offset) % names.count]
      guard hasWork(name) else { continue }
      roundRobin = (roundRobin + offset + 1) % names.count
      return name
    }
    return nil
  }

  private func dispatch() {
    guard stopReason == nil else { return }
    for id in workers.keys.sorted() where workers[id]?.property == nil && workers[id]?.retiring == false {
      guard let property = nextProperty() else { return }
      let ordinal = nextOrdinal[property, default: 0]
      var count = unitSize[property, default: 1]
      if case .cases(let limit) = options.budget { count = min(count, limit - ordinal) }
      nextOrdinal[property] = ordinal + count
      workers[id]?.property = property
      workers[id]?.handle.send(
        .run(
          property: property, seed: seed, start: options.shard.caseIndex(ordinal: ordinal),
          stride: options.shard.count, count: count))
    }
  }

  private func checkBudget() {
    guard stopReason == nil else { return }
    if case .seconds(let limit) = options.budget, elapsed >= limit {
      stop(reason: "duration")
      return
    }
    let busy = workers.values.contains { $0.property != nil }
    guard !busy, !names.contains(where: hasWork) else { return }
    if case .cases = options.budget { stop(reason: "cases") } else { stop(reason: "failures") }
  }

  /// Kills a worker whose announced case has run longer than the case
  /// timeout; its exit records the case as a `timeout` failure.
  private func checkTimeouts() {
    guard stopReason == nil else { return }
    let limit = Duration.milliseconds(Int64(options.caseTimeoutSeconds * 1000))
    for id in workers.keys.sorted() {
      guard let slot = workers[id], !slot.timedOut, let current = slot.current,
        clock.now - current.since > limit
      else { continue }
      workers[id]?.timedOut = true
      slot.handle.kill()
    }
  }

  private func stop(reason: String) {
    stopReason = reason
    for id in workers.keys.sorted() {
      workers[id]?.retiring = true
      workers[id]?.handle.kill()
    }
  }

  private func startWorker() {
    nextWorkerID += 1
    do {
      workers[nextWorkerID] = WorkerSlot(handle: try WorkerHandle(id: nextWorkerID, mailbox: mailbox))
    } catch {
      progress.log("snapshot-fuzz: cannot start a worker: \(error)")
      unexplainedExits += 1
    }
  }

  // MARK: Events

  private func handle(_ message: Mailbox.Message) {
    switch message {
    case .interrupted(let number):
      progress.log("snapshot-fuzz: \(number == SIGINT ? "SIGINT" : "SIGTERM"): stopping, writing reports")
      interrupted = true
      stop(reason: "signal")
      activeShrink?.abandon()
    case .line(let id, let line):
      guard let event = WireFormat.decode(WorkerEvent.self, from: line) else { return }
      if let job = activeShrink, job.workerID == id {
        job.handle(event)
      } else {
        handleWorker(id, event)
      }
    case .exited(let id, let status, let signal):
      if let job = activeShrink, job.workerID == id {
        job.exited(signal: signal)
      } else {
        workerExited(id, status: status, signal: signal)
      }
    }
  }

  private func handleWorker(_ id: Int, _ event: WorkerEvent) {
    guard var slot = workers[id], !slot.retiring else { return }
    switch event.ev {
    case .begin:
      if let index = event.index, let token = event.token { slot.current = (index, token, clock.now) }
    case .end:
      slot.current = nil
      if let property = slot.property, let outcome = event.outcome {
        finished(property, index: event.index ?? -1, token: event.token ?? "", outcome: outcome, event: event)
      }
    case .idle:
      slot.property = nil
    case .error:
      progress.log("snapshot-fuzz: worker: \(event.message ?? "error")")
    case .attempt, .improved, .done:
      break
    }
    workers[id] = slot
  }

  private func finished(_ property: String, index: Int, token: String, outcome: CaseOutcome, event: WorkerEvent) {
    let seconds = event.seconds ?? 0
    tallies[property]?.record(outcome, statistics: event.statistics, seconds: seconds)
    let perCase = max(seconds, 1e-5)
    unitSize[property] = max(1, min(64, Int(0.2 / perCase)))
    guard outcome.status == .fail, !failed.contains(property) else { return }
    failed.append(property)
    progress.log("snapshot-fuzz: \(property) failed at case \(index): \(outcome.message)")
    shrinkQueue.append(
      ShrinkJob(
        property: property, kind: .failure, token: token, index: index, message: outcome.message,
        diff: outcome.diff, context: shrinkContext))
  }

  private func workerExited(_ id: Int, status: Int32, signal: Int32?) {
    guard let slot = workers.removeValue(forKey: id) else { return }
    if slot.retiring || stopReason != nil { return }
    if slot.timedOut, let property = slot.property, let current = slot.current {
      timedOut(property, index: current.index, token: current.token)
      return
    }
    let killedOnPurpose = signal.map { [SIGINT, SIGTERM].contains($0) } ?? false
    if let signal, !killedOnPurpose, let property = slot.property, let current = slot.current {
      tallies[property]?.recordCrash()
      let message = slot.handle.trapMessage() ?? "killed by signal \(signal)"
      if !failed.contains(property) {
        failed.append(property)
        progress.log("snapshot-fuzz: \(property) crashed at case \(current.index): \(message)")
        shrinkQueue.append(
          ShrinkJob(
            property: property, kind: .crash, token: current.token, index: current.index,
            message: message, diff: "", context: shrinkContext))
      }
    } else {
      unexplainedExits += 1
      let how = signal.map { "by signal \($0)" } ?? "with status \(status)"
      progress.log("snapshot-fuzz: worker \(slot.handle.pid) exited \(how) outside a case")
      if let property = slot.property, let signal, ![SIGINT, SIGTERM].contains(signal) {
        tallies[property]?.recordCrash()
        if !failed.contains(property) { failed.append(property) }
      }
    }
  }

  /// Keeps `jobs` workers running; stops the run when workers keep dying
  /// outside any case (a broken executable or environment).
  private func replenishWorkers() {
    guard stopReason == nil else { return }
    if unexplainedExits > 20 {
      progress.log("snapshot-fuzz: workers keep exiting; stopping")
      stop(reason: "worker-failure")
      return
    }
    while workers.count < jobs && unexplainedExits <= 20 { startWorker() }
  }

  /// Records a case that hung as a failure; it is not shrunk (each
  /// candidate could hang for the whole timeout).
  private func timedOut(_ property: String, index: Int, token: String) {
    tallies[property]?.recordCrash()
    guard !failed.contains(property) else { return }
    failed.append(property)
    let message = "case did not finish within \(DurationParser.format(options.caseTimeoutSeconds))"
    progress.log("snapshot-fuzz: \(property) timed out at case \(index)")
    let swiftCode = (try? target.decode(token: token))?.swiftCode() ?? ""
    persist(
      FailureRecord(
        property: property, kind: .timeout, token: token, originalToken: token, seed: seed,
        caseIndex: index, message: message, swiftCode: swiftCode))
  }

  // MARK: Shrinking

  private var shrinkContext: ShrinkJob.Context {
    ShrinkJob.Context(
      target: target, mailbox: mailbox, seed: seed, maxSeconds: options.shrinkSeconds,
      newWorkerID: { [unowned self] in
        nextWorkerID += 1
        return nextWorkerID
      })
  }

  private func advanceShrinking() {
    if let job = activeShrink {
      job.checkDeadline()
      guard let record = job.result else { return }
      activeShrink = nil
      persist(record)
    }
    guard let job = shrinkQueue.first else { return }
    shrinkQueue.removeFirst()
    if interrupted {
      job.abandon()
      if let record = job.result { persist(record) }
      return
    }
    job.start()
    activeShrink = job
  }

  private func persist(_ record: FailureRecord) {
    var written = record
    do {
      written = try ReportWriter.writeFailure(record, to: out)
    } catch {
      progress.log("snapshot-fuzz: \(error)")
    }
    if let folder = options.corpus, let shrunk = try? target.decode(token: record.token) {
      do {
        let path = try target.recordInCorpus(
          shrunk, message: record.message, seed: seed, folder: folder)
        progress.log("snapshot-fuzz: corpus entry \(path)")
      } catch {
        progress.log("snapshot-fuzz: \(error)")
      }
    }
    failures.append(written)
    progress.log("snapshot-fuzz: \(record.property) \(record.kind.rawValue), token \(record.token)")
  }

  private var progressText: String {
    let now = elapsed
    let rate = now > 0 ? Double(casesDone) / now : 0
    var text = "[\(DurationParser.format(now))] \(casesDone) cases, \(Int(rate))/s"
    let failing = names.filter { (tallies[$0]?.failures ?? 0) > 0 }
    text += failing.isEmpty
      ? ", no failures"
      : ", failures: " + failing.map { "\($0)=\(tallies[$0]?.failures ?? 0)" }.joined(separator: " ")
    if activeShrink != nil { text += " (shrinking)" }
    return text
  }
}
