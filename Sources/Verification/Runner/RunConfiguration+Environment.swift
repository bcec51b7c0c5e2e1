import Generators

extension RunConfiguration {
  /// The environment variables a run reads.
  public enum Variable: String, CaseIterable, Sendable {
    /// The run seed, decimal or `0x` hex.
    case seed = "DIFFABLE_SEED"
    /// The number of cases, a positive integer.
    case cases = "DIFFABLE_CASES"
    /// The generation time budget in seconds, a positive number.
    case budgetSeconds = "DIFFABLE_BUDGET_SECONDS"
    /// The shrink time budget in seconds, a positive number.
    case shrinkSeconds = "DIFFABLE_SHRINK_SECONDS"
    /// A replay token: re-run only that case.
    case replay = "DIFFABLE_REPLAY"
    /// A shard `I/N`.
    case shard = "DIFFABLE_SHARD"
    /// The corpus folder failures are written to.
    case corpus = "DIFFABLE_CORPUS"
    /// The most distinct failure kinds a property reports, a positive
    /// integer.
    case kinds = "DIFFABLE_KINDS"
  }

  /// `base` overridden by the `DIFFABLE_*` variables of `environment`.
  /// - Throws: `ConfigurationError` naming the first bad variable; never
  ///   traps.
  public static func fromEnvironment(
    _ environment: [String: String], base: RunConfiguration = RunConfiguration()
  ) throws(ConfigurationError) -> RunConfiguration {
    var configuration = base
    func value(_ variable: Variable) -> String? {
      guard let text = environment[variable.rawValue]?.trimmingWhitespace, !text.isEmpty else {
        return nil
      }
      return String(text)
    }
    if let text = value(.seed) {
      guard let seed = parseSeed(text) else {
        throw .invalid(.seed, text, expected: "an unsigned 64-bit integer (decimal or 0x hex)")
      }
      configuration.seed = seed
    }
    if let text = value(.cases) {
      guard let cases = Int(text), cases > 0 else {
        throw .invalid(.cases, text, expected: "a positive integer")
      }
      configuration.cases = cases
    }
    if let text = value(.budgetSeconds) {
      guard let seconds = Double(text), seconds.isFinite, seconds > 0 else {
        throw .invalid(.budgetSeconds, text, expected: "a positive number of seconds")
      }
      configuration.timeBudgetSeconds = seconds
    }
    if let text = value(.shrinkSeconds) {
      guard let seconds = Double(text), seconds.isFinite, seconds > 0 else {
        throw .invalid(.shrinkSeconds, text, expected: "a positive number of seconds")
      }
      configuration.shrinkBudget.maxSeconds = seconds
    }
    if let text = value(.replay) {
      do throws(ReplayTokenError) {
        configuration.replay = try ReplayToken.parse(text)
      } catch {
        throw .invalid(.replay, text, expected: error.description)
      }
    }
    if let text = value(.shard) {
      guard let shard = Shard(text) else {
        throw .invalid(.shard, text, expected: "I/N with 1 <= I <= N")
      }
      configuration.shard = shard
    }
    if let text = value(.corpus) { configuration.corpusDirectory = text }
    if let text = value(.kinds) {
      guard let kinds = Int(text), kinds > 0 else {
        throw .invalid(.kinds, text, expected: "a positive integer")
      }
      configuration.maxFailureKinds = kinds
    }
    return configuration
  }

  /// Parses a decimal or `0x`-prefixed hexadecimal seed.
  public static func parseSeed(_ text: String) -> UInt64? {
    if text.hasPrefix("0x") || text.hasPrefix("0X") {
      return UInt64(text.dropFirst(2), radix: 16)
    }
    return UInt64(text)
  }
}

/// A bad `DIFFABLE_*` environment variable.
public enum ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// `variable` holds `value`, which is not `expected`.
  case invalid(RunConfiguration.Variable, String, expected: String)

  /// A one-line explanation naming the variable.
  public var description: String {
    switch self {
    case .invalid(let variable, let value, let expected):
      return "\(variable.rawValue)='\(value)' is invalid: expected \(expected)"
    }
  }
}
