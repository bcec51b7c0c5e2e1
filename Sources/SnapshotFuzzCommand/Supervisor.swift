import Foundation
import FuzzKit
import Generators
import Verification

/// Runs a fuzz campaign over worker processes and collects its report.
///
/// The supervisor hands each idle worker a unit of consecutive case
/// ordinals of one property (round-robin over properties, sized to about a
/// fifth of a second) and tallies every finished case.
///
/// A worker that dies during a case did not necessarily die *of* it (an
/// OOM killer, a CI runner or a person may have killed it): the case is
/// retried in a fresh worker, and only a death that happens again is a
/// `crash`; otherwise the case is counted as `killed` and the property
/// goes on. A worker that dies between cases costs nothing but a restart.
/// Either way the rest of its unit is scheduled again.
///
/// A property's recorded failure is its lowest failing case ordinal, with
/// any `--jobs`: once a failure is found, ordinals above it are no longer
/// handed out, the ones below it still in flight finish, and only then is
/// the lowest one shrunk (see `ShrinkJob`), written to the report set and
/// the corpus.
final class Supervisor {
  let target: any FuzzTarget
  let options: RunOptions
  let names: [String]
  let seed: UInt64
  let jobs: Int
  /// The executable's product name, prefixing every progress line.
  let program: String
  let reports: ReportSet
  let mailbox = Mailbox()
  let clock = ContinuousClock()
  let started: ContinuousClock.Instant
  var progress = ProgressLine()
  var tallies: [String: PropertyTally] = [:]
  var nextOrdinal: [String: Int] = [:]
  /// Units whose worker died before finishing them, to run again, in
  /// ascending ordinal order per property.
  var requeued: [String: [Unit]] = [:]
  var unitSize: [String: Int] = [:]
  /// The lowest failing case of each rule found so far, per property.
  var candidates: [String: [Candidate]] = [:]
  /// The most distinct rules reported per property.
  var maxFailureKinds = RunConfiguration.defaultMaxFailureKinds
  /// Properties whose failures were handed to shrinking or written.
  var committed: [String] = []
  var workers: [Int: WorkerSlot] = [:]
  var retries: [Int: Retry] = [:]
  var shrinkQueue: [ShrinkJob] = []
  var activeShrink: ShrinkJob?
  var failures: [FailureRecord] = []
  /// Failure entries that could not be written (the set is incomplete).
  var writeErrors: [String] = []
  var timeline: [TimelinePoint] = []
  var nextWorkerID = 0
  var roundRobin = 0
  var unexplainedExits = 0
  var stopReason: String?
  /// The signal that interrupted the run, if one did.
  private(set) var interruption: Int32?

  /// Consecutive case ordinals of one property.
  struct Unit {
    var property: String
    var ordinal: Int
    var count: Int
  }

  /// A case a worker announced and has not finished.
  struct CurrentCase {
    var ordinal: Int
    var index: Int
    var token: String
    var since: ContinuousClock.Instant
    var statistics: CaseStatistics?
  }

  /// A worker and the unit it is running.
  struct WorkerSlot {
    var handle: WorkerHandle
    var unit: Unit?
    /// Cases of `unit` finished so far.
    var done = 0
    var current: CurrentCase?
    var retiring = false
    var timedOut = false
  }

  /// A failing case waiting for the cases below it.
  struct Candidate {
    var kind: FailureRecord.Kind
    /// What the failure is blamed on: a failure's own culprit, the call a
    /// crash trapped in, or a timeout.
    var rule: FailureKind
    var ordinal: Int
    var index: Int
    var token: String
    var message: String
    var diff: String
    /// The failure as the check reported it (its step and rendered test),
    /// or, for a crash, the step it trapped at.
    var failure: CaseOutcome.Failure?
  }

  /// A case retried in a fresh worker after its worker died during it.
  struct Retry {
    var handle: WorkerHandle
    var property: String
    var ordinal: Int
    var index: Int
    var token: String
    /// How the first worker died.
    var death: String
    /// Seconds the first attempt ran.
    var seconds: Double
    var since: ContinuousClock.Instant
    var timedOut = false
    /// The traced call the retry is in (`nil` between calls).
    var call: TracedCall?
  }

  /// A call of the code under test a traced worker announced.
  struct TracedCall {
    var part: String
    var operation: String
    var step: Int

    /// The call an event announces.
    init?(_ event: WorkerEvent) {
      guard event.ev == .call, let part = event.part, let operation = event.operation,
        let step = event.step
      else { return nil }
      self.part = part
      self.operation = operation
      self.step = step
    }

    /// The kind of a trap in this call (`nil`: outside any call).
    static func trap(_ call: TracedCall?) -> FailureKind {
      .trap(in: call?.part, call?.operation)
    }
  }

  init(
    target: any FuzzTarget, options: RunOptions, names: [String], seed: UInt64, jobs: Int,
    reports: ReportSet, program: String
  ) {
    self.program = program
    self.target = target
    self.options = options
    self.names = names
    self.seed = seed
    self.jobs = jobs
    self.reports = reports
    started = clock.now
    for name in names {
      let requirements = target.coverageRequirements(of: name).map {
        PropertyTally.CoverageRequirementEntry(label: $0.label, minimumShare: $0.minimumShare)
      }
      tallies[name] = PropertyTally(
        name: name, requirements: requirements, tag: target.tag(of: name))
      nextOrdinal[name] = 0
      unitSize[name] = target.expectsTrap(name) ? 1 : 2
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
      commitReadyFailures()
      advanceShrinking()
      let now = elapsed
      if now - lastSample >= 1 {
        timeline.append(TimelinePoint(elapsed: now, cases: casesDone))
        lastSample = now
      }
      progress.update(progressText, elapsed: now)
      if isFinished { break }
    }
    progress.clear()
    timeline.append(TimelinePoint(elapsed: elapsed, cases: casesDone))
    let report = FuzzReport(
      seed: seed, shard: options.shard, startedAt: startedAt, durationSeconds: elapsed,
      stopReason: stopReason ?? "cases", jobs: jobs,
      properties: names.compactMap { tallies[$0]?.report }, failures: failures,
      timeline: timeline)
    releaseWorkers()
    return report
  }

  /// Ends the pool: workers let go at the stop get up to two seconds to
  /// exit on their own, so their exit handlers run (an instrumented build
  /// writes its code coverage profile at exit, which `swift test
  /// --enable-code-coverage` merges); any still running are killed.
  private func releaseWorkers() {
    let deadline = clock.now + .seconds(2)
    while !workers.isEmpty, clock.now < deadline {
      for message in mailbox.take(timeout: 0.05) {
        if case .exited(let id, _, _) = message { workers[id] = nil }
      }
    }
    for slot in workers.values { slot.handle.kill() }
  }

  // MARK: Scheduling

  var elapsed: Double { seconds(clock.now - started) }

  func seconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
  }

  var casesDone: Int {
    tallies.values.reduce(0) { $0 + $1.cases + $1.discards }
  }

  private var isFinished: Bool {
    guard stopReason != nil else { return false }
    let busy = workers.values.contains { !$0.retiring && $0.unit != nil }
    guard !busy, retries.isEmpty else { return false }
    commitReadyFailures()
    return activeShrink == nil && shrinkQueue.isEmpty
  }

  /// Whether `name` has cases left to hand out: cases rescheduled below
  /// its cutoff, or fresh ones within budget and below the cutoff.
  private func hasWork(_ name: String) -> Bool {
    guard !committed.contains(name) else { return false }
    if !(requeued[name] ?? []).isEmpty { return true }
    return hasFreshCases(name)
  }

  /// Whether `name` has fresh cases to hand out: within budget, and below
  /// the cutoff of its failures (`cutoff(_:)`).
  func hasFreshCases(_ name: String) -> Bool {
    let next = nextOrdinal[name, default: 0]
    if let cutoff = cutoff(name), next >= cutoff { return false }
    if case .cases(let limit) = options.budget { return next < limit }
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

  /// The next unit of `property`: rescheduled cases first, then fresh ones.
  private func nextUnit(of property: String) -> Unit {
    let size = unitSize[property, default: 1]
    if var queue = requeued[property], !queue.isEmpty {
      var unit = queue.removeFirst()
      if unit.count > size {
        queue.insert(
          Unit(property: property, ordinal: unit.ordinal + size, count: unit.count - size), at: 0)
        unit.count = size
      }
      requeued[property] = queue
      return unit
    }
    let ordinal = nextOrdinal[property, default: 0]
    var count = size
    if case .cases(let limit) = options.budget { count = min(count, limit - ordinal) }
    if let cutoff = cutoff(property) { count = max(1, min(count, cutoff - ordinal)) }
    nextOrdinal[property] = ordinal + count
    return Unit(property: property, ordinal: ordinal, count: count)
  }

  /// Schedules ordinals `from` to the end of `unit` again (those below
  /// the property's lowest failure).
  func requeue(_ unit: Unit, from ordinal: Int) {
    var end = unit.ordinal + unit.count
    if let cutoff = cutoff(unit.property) { end = min(end, cutoff) }
    guard ordinal < end else { return }
    var queue = requeued[unit.property] ?? []
    queue.append(Unit(property: unit.property, ordinal: ordinal, count: end - ordinal))
    requeued[unit.property] = queue.sorted { $0.ordinal < $1.ordinal }
  }

  private func dispatch() {
    guard stopReason == nil else { return }
    for id in workers.keys.sorted() where workers[id]?.unit == nil && workers[id]?.retiring == false
    {
      guard let property = nextProperty() else { return }
      let unit = nextUnit(of: property)
      workers[id]?.unit = unit
      workers[id]?.done = 0
      workers[id]?.handle.send(
        .run(
          property: property, seed: seed, start: options.shard.caseIndex(ordinal: unit.ordinal),
          stride: options.shard.count, count: unit.count))
    }
  }

  private func checkBudget() {
    guard stopReason == nil else { return }
    if case .seconds(let limit) = options.budget, elapsed >= limit {
      stop(reason: "duration")
      return
    }
    let busy = workers.values.contains { $0.unit != nil } || !retries.isEmpty
    guard !busy, !names.contains(where: hasWork) else { return }
    if case .cases = options.budget { stop(reason: "cases") } else { stop(reason: "failures") }
  }

  /// Kills a worker (or a retry) whose announced case has run longer than
  /// the case timeout; its exit records the case as a `timeout` failure.
  private func checkTimeouts() {
    let limit = Duration.milliseconds(Int64(options.caseTimeoutSeconds * 1000))
    for id in retries.keys.sorted() {
      guard let retry = retries[id], !retry.timedOut, clock.now - retry.since > limit else {
        continue
      }
      retries[id]?.timedOut = true
      retry.handle.kill()
    }
    guard stopReason == nil else { return }
    for id in workers.keys.sorted() {
      guard let slot = workers[id], !slot.timedOut, let current = slot.current,
        clock.now - current.since > limit
      else { continue }
      workers[id]?.timedOut = true
      slot.handle.kill()
    }
  }

  /// Stops handing out cases: a worker inside a unit is killed; an idle
  /// one is let go (its input closed), so it exits normally.
  func stop(reason: String) {
    stopReason = reason
    for id in workers.keys.sorted() {
      workers[id]?.retiring = true
      if workers[id]?.unit == nil {
        workers[id]?.handle.finish()
      } else {
        workers[id]?.handle.kill()
      }
    }
  }

  /// Stops the run for `signal` (`SIGINT`, `SIGTERM`): workers, retries
  /// and shrinking end now; the reports are still written.
  func interrupt(_ signal: Int32) {
    progress.log("\(program): \(WorkerDeath.signalName(signal)): stopping, writing reports")
    interruption = signal
    stop(reason: "interrupted")
    activeShrink?.abandon()
    abandonRetries()
  }

  private func startWorker() {
    nextWorkerID += 1
    do {
      workers[nextWorkerID] = WorkerSlot(
        handle: try WorkerHandle(id: nextWorkerID, mailbox: mailbox))
    } catch {
      progress.log("\(program): cannot start a worker: \(error)")
      unexplainedExits += 1
    }
  }

  /// Keeps `jobs` workers running; stops the run when workers keep dying
  /// outside any case (a broken executable or environment).
  private func replenishWorkers() {
    guard stopReason == nil else { return }
    if unexplainedExits > 20 {
      progress.log("\(program): workers keep exiting; stopping")
      stop(reason: "worker-failure")
      return
    }
    while workers.count < jobs && unexplainedExits <= 20 { startWorker() }
  }

  private var progressText: String {
    let now = elapsed
    let rate = now > 0 ? Double(casesDone) / now : 0
    var text = "[\(DurationParser.format(now))] \(casesDone) cases, \(Int(rate))/s"
    let failing = names.filter { (tallies[$0]?.failures ?? 0) > 0 }
    text +=
      failing.isEmpty
      ? ", no failures"
      : ", failures: "
        + failing.map { "\($0)=\(tallies[$0]?.failures ?? 0)" }.joined(separator: " ")
    let killed = tallies.values.reduce(0) { $0 + $1.killed }
    if killed > 0 { text += ", \(killed) killed" }
    if activeShrink != nil { text += " (shrinking)" }
    return text
  }
}
