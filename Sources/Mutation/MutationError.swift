/// Why a mutation run could not give a score.
public enum MutationError: Error, Hashable, Sendable {
  /// The target has no Swift sources, or none of them passes `--files`.
  case noSources(String)
  /// The scratch build failed where no mutation site explains it.
  case buildFailed(String)
  /// The unmutated program failed its own run: no mutant can be judged.
  case baselineFailed(String)
  /// A file could not be read, copied or written.
  case io(String)

  /// A one-line description.
  public var message: String {
    switch self {
    case .noSources(let text): "no sources to mutate: \(text)"
    case .buildFailed(let text): "the scratch build failed outside every mutation site:\n\(text)"
    case .baselineFailed(let text): "the unmutated program fails its run: \(text)"
    case .io(let text): text
    }
  }
}
