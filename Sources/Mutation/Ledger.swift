import Foundation

/// The results of a run in progress, shared by its parallel jobs: hands out
/// pending mutants, records results, saves the state and writes the
/// progress line.
final class Ledger: @unchecked Sendable {
  private let lock = NSLock()
  private let stateURL: URL
  private let total: Int
  private var state: MutationState
  private var done: [String: MutantResult] = [:]
  private var cursor = 0
  private var judgedNow = 0
  private var secondsNow = 0.0
  private let started = Date()

  init(
    sites: [MutationSite], previous: [MutantResult], dropped: [DroppedMutant], settings: String,
    stateURL: URL
  ) {
    let ids = Set(sites.map(\.mutant.id))
    for result in previous where ids.contains(result.id) { done[result.id] = result }
    self.stateURL = stateURL
    total = sites.count
    state = MutationState(settings: settings, dropped: dropped, results: [])
  }

  func isDone(_ id: String) -> Bool { locked { done[id] != nil } }

  /// The next pending index, or `nil` when every one is handed out.
  func next(of pending: [Int]) -> Int? {
    locked {
      guard cursor < pending.count else { return nil }
      defer { cursor += 1 }
      return pending[cursor]
    }
  }

  /// Records `result`, saves the state and gives the progress line.
  func record(_ result: MutantResult) -> String {
    locked {
      done[result.id] = result
      judgedNow += 1
      try? writeState()
      let killed = done.values.filter(\.status.isKilled).count
      let left = total - done.count
      let perMutant = Date().timeIntervalSince(started) / Double(judgedNow)
      return "mutate: \(done.count)/\(total) judged (\(killed) killed, \(done.count - killed) "
        + "survived), about \(DurationText.format(perMutant * Double(left))) left"
    }
  }

  /// Saves the state.
  /// - Throws: `MutationError.io` when it cannot be written.
  func save() throws(MutationError) {
    do {
      try locked { try writeState() }
    } catch {
      throw .io("cannot write \(stateURL.path): \(error.localizedDescription)")
    }
  }

  /// The results of `sites`, in their order.
  func results(for sites: [MutationSite]) -> [MutantResult] {
    locked { sites.compactMap { done[$0.mutant.id] } }
  }

  private func writeState() throws {
    state.results = done.values.sorted { $0.id < $1.id }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try FileManager.default.createDirectory(
      at: stateURL.deletingLastPathComponent(), withIntermediateDirectories: true)
    try encoder.encode(state).write(to: stateURL, options: .atomic)
  }

  private func locked<T>(_ body: () throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }
}
