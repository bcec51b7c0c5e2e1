/// What running the catalog on one mutant gave.
public struct MutantResult: Hashable, Sendable, Codable {
  /// How a mutant ended.
  public enum Status: String, Hashable, Sendable, Codable {
    /// A property failed on it.
    case killed
    /// The run trapped (a crashing case, or the process died of a signal).
    case killedByTrap
    /// The run exceeded the time limit.
    case killedByTimeout
    /// Every property passed: the catalog misses this mutation.
    case survived

    /// How a report reads the status: `killed`, `killed by a trap`,
    /// `killed by timeout`, `survived`.
    public var phrase: String {
      switch self {
      case .killed: return "killed"
      case .killedByTrap: return "killed by a trap"
      case .killedByTimeout: return "killed by timeout"
      case .survived: return "survived"
      }
    }

    /// Whether the mutant counts as killed.
    public var isKilled: Bool { self != .survived }
  }

  /// The mutant's id.
  public var id: String
  /// How it ended.
  public var status: Status
  /// The property that killed it, when one did.
  public var property: String?
  /// What killed it (the failure's kind and replay token, a signal or
  /// exit status), or why it survived.
  public var detail: String
  /// The properties that ran on it, sorted.
  public var properties: [String]
  /// How long its run took, in seconds.
  public var seconds: Double

  /// Creates a result.
  public init(
    id: String, status: Status, property: String? = nil, detail: String = "",
    properties: [String] = [], seconds: Double = 0
  ) {
    self.id = id
    self.status = status
    self.property = property
    self.detail = detail
    self.properties = properties
    self.seconds = seconds
  }
}
