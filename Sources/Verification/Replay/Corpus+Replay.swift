/// What replaying one corpus file gave.
public struct CorpusReplay: Sendable {
  /// The outcome of one file.
  public enum Outcome: Sendable {
    /// The case passes now (the bug is fixed).
    case passed
    /// The case still fails.
    case failed(Counterexample)
    /// The file could not be loaded or decoded (malformed or stale).
    case rejected(CorpusError)
    /// The entry names a property not in the catalog (reported by name).
    case unknownProperty(String)
  }

  /// The file replayed.
  public var file: String
  /// What happened.
  public var outcome: Outcome

  /// A one-line summary naming the file.
  public var summary: String {
    switch outcome {
    case .passed: return "\(file): passes"
    case .failed(let counterexample): return "\(file): still fails: \(counterexample.message)"
    case .rejected(let error): return error.description
    case .unknownProperty(let name): return "\(file): names unknown property '\(name)'"
    }
  }
}

extension Corpus {
  /// Replays every entry of the folder against `properties`, in file-name
  /// order; nothing is skipped silently.
  ///
  /// - Parameters:
  ///   - properties: the properties the entries name.
  ///   - willReplay: called with each file name just before its case runs,
  ///     so that a trap in the code under test (which ends the process) can
  ///     be traced to its entry.
  public func replay(
    _ properties: [AnyProperty], willReplay: (String) -> Void = { _ in }
  ) -> [CorpusReplay] {
    loadAll().map { file, loaded in
      let name = file.lastPathComponent
      willReplay(name)
      switch loaded {
      case .failure(let error):
        return CorpusReplay(file: name, outcome: .rejected(error))
      case .success(let entry):
        guard let property = properties.first(where: { $0.name == entry.property }) else {
          return CorpusReplay(file: name, outcome: .unknownProperty(entry.property))
        }
        do throws(CorpusError) {
          let run = try property.replay(entry, file: name)
          guard run.verdict.isFailure else { return CorpusReplay(file: name, outcome: .passed) }
          let counterexample = property.counterexample(
            for: run, seed: entry.seed, corpusFile: file.path)
          return CorpusReplay(file: name, outcome: .failed(counterexample))
        } catch {
          return CorpusReplay(file: name, outcome: .rejected(error))
        }
      }
    }
  }
}
