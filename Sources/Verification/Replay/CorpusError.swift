/// Why a corpus entry could not be loaded or written; every case names the
/// file.
public enum CorpusError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file is not a valid entry (bad JSON, a missing field).
  case malformed(file: String, reason: String)
  /// The entry's format version is one this build can neither read nor
  /// migrate.
  case stale(file: String, version: Int)
  /// Reading, writing or renaming failed.
  case io(file: String, reason: String)

  /// A one-line explanation naming the file.
  public var description: String {
    switch self {
    case .malformed(let file, let reason):
      return "\(file): malformed corpus entry: \(reason)"
    case .stale(let file, let version):
      return
        "\(file): stale corpus entry (format version \(version), this build reads \(CorpusEntry.currentFormatVersion)); re-record or delete it"
    case .io(let file, let reason):
      return "\(file): \(reason)"
    }
  }
}
