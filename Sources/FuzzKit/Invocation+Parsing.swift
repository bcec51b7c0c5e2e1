import Verification

extension Invocation {
  /// The subcommands users may type, in help order.
  public static let subcommands = ["list", "run", "replay", "merge", "mutate"]

  /// Parses the arguments after the executable name. Flags take their
  /// value as the next argument or after `=` (`--seed 7`, `--seed=7`).
  /// - Throws: `UsageError` for an unknown subcommand or flag, a missing or
  ///   malformed value, or conflicting flags.
  public static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    guard let first = arguments.first else { return .run(RunOptions()) }
    let rest = Array(arguments.dropFirst())
    switch first {
    case "-h", "--help", "help":
      if let topic = rest.first, subcommands.contains(topic) { return .help(subcommand: topic) }
      return .help(subcommand: nil)
    case "--version": return .version
    case "list":
      if wantsHelp(rest) { return .help(subcommand: "list") }
      if let extra = rest.first {
        throw UsageError("list takes no arguments, got '\(extra)'", subcommand: "list")
      }
      return .list
    case "run":
      if wantsHelp(rest) { return .help(subcommand: "run") }
      return .run(try parseRun(rest))
    case "replay":
      if wantsHelp(rest) { return .help(subcommand: "replay") }
      return try parseReplay(rest)
    case "merge":
      if wantsHelp(rest) { return .help(subcommand: "merge") }
      return try parseMerge(rest)
    case "mutate":
      if wantsHelp(rest) { return .help(subcommand: "mutate") }
      return .mutate(try parseMutate(rest))
    case "worker":
      return .worker
    default:
      if first.hasPrefix("-") { throw UsageError("unknown option '\(first)'") }
      throw UsageError("unknown subcommand '\(first)'")
    }
  }

  static func wantsHelp(_ arguments: [String]) -> Bool {
    arguments.contains { $0 == "--help" || $0 == "-h" }
  }

  private static func parseRun(_ arguments: [String]) throws(UsageError) -> RunOptions {
    var options = RunOptions()
    var reader = FlagReader(arguments, subcommand: "run")
    var sawCases = false
    var sawDuration = false
    while let flag = try reader.nextFlag() {
      switch flag {
      case "--property":
        options.properties.append(try reader.value(for: flag))
      case "--seed":
        let text = try reader.value(for: flag)
        guard let seed = RunConfiguration.parseSeed(text) else {
          throw UsageError(
            "--seed wants an unsigned 64-bit integer (decimal or 0x hex), got '\(text)'",
            subcommand: "run")
        }
        options.seed = seed
      case "--cases":
        let text = try reader.value(for: flag)
        guard let cases = Int(text), cases > 0 else {
          throw UsageError("--cases wants a positive integer, got '\(text)'", subcommand: "run")
        }
        options.budget = .cases(cases)
        sawCases = true
      case "--duration":
        let text = try reader.value(for: flag)
        guard let seconds = DurationParser.seconds(text) else {
          throw UsageError(
            "--duration wants a duration like 30s, 10m, 2h or 1h30m, got '\(text)'",
            subcommand: "run")
        }
        options.budget = .seconds(seconds)
        sawDuration = true
      case "--jobs":
        let text = try reader.value(for: flag)
        guard let jobs = Int(text), (1...256).contains(jobs) else {
          throw UsageError("--jobs wants an integer in 1...256, got '\(text)'", subcommand: "run")
        }
        options.jobs = jobs
      case "--shard":
        let text = try reader.value(for: flag)
        guard let shard = ShardSpec(parsing: text) else {
          throw UsageError("--shard wants I/N with 1 <= I <= N, got '\(text)'", subcommand: "run")
        }
        options.shard = shard
      case "--out":
        let text = try reader.value(for: flag)
        guard !text.isEmpty else {
          throw UsageError("--out wants a folder path, got ''", subcommand: "run")
        }
        options.out = text
      case "--corpus":
        let text = try reader.value(for: flag)
        guard !text.isEmpty else {
          throw UsageError("--corpus wants a folder path, got ''", subcommand: "run")
        }
        options.corpus = text
        options.corpusChosen = true
      case "--no-corpus":
        options.corpus = nil
        options.corpusChosen = true
      case "--shrink-time":
        let text = try reader.value(for: flag)
        guard let seconds = DurationParser.seconds(text) else {
          throw UsageError(
            "--shrink-time wants a duration like 30s or 2m, got '\(text)'", subcommand: "run")
        }
        options.shrinkSeconds = seconds
      case "--case-timeout":
        options.caseTimeoutSeconds = try caseTimeout(reader.value(for: flag), subcommand: "run")
      case "--stop-on-failure":
        options.stopOnFailure = true
      default:
        throw UsageError("unknown option '\(flag)' for run", subcommand: "run")
      }
    }
    if sawCases && sawDuration {
      throw UsageError("--cases and --duration cannot be combined", subcommand: "run")
    }
    if let positional = reader.positionals.first {
      throw UsageError("run takes no positional arguments, got '\(positional)'", subcommand: "run")
    }
    return options
  }

  private static func parseReplay(_ arguments: [String]) throws(UsageError) -> Invocation {
    var reader = FlagReader(arguments, subcommand: "replay")
    var property: String?
    var timeout: Double?
    while let flag = try reader.nextFlag() {
      switch flag {
      case "--property":
        property = try reader.value(for: flag)
      case "--case-timeout":
        timeout = try caseTimeout(reader.value(for: flag), subcommand: "replay")
      default:
        throw UsageError("unknown option '\(flag)' for replay", subcommand: "replay")
      }
    }
    guard reader.positionals.count == 1, let input = reader.positionals.first else {
      throw UsageError("replay wants exactly one TOKEN or FILE", subcommand: "replay")
    }
    return .replay(input: input, property: property, caseTimeout: timeout)
  }

  /// The value of `--case-timeout`.
  private static func caseTimeout(_ text: String, subcommand: String) throws(UsageError) -> Double {
    guard let seconds = DurationParser.seconds(text) else {
      throw UsageError(
        "--case-timeout wants a duration like 30s or 2m, got '\(text)'", subcommand: subcommand)
    }
    return seconds
  }

  private static func parseMerge(_ arguments: [String]) throws(UsageError) -> Invocation {
    var reader = FlagReader(arguments, subcommand: "merge")
    var out = "Reports/merged"
    var allowPartial = false
    while let flag = try reader.nextFlag() {
      switch flag {
      case "--out": out = try reader.value(for: flag)
      case "--allow-partial": allowPartial = true
      default: throw UsageError("unknown option '\(flag)' for merge", subcommand: "merge")
      }
    }
    guard !reader.positionals.isEmpty else {
      throw UsageError("merge wants at least one report folder", subcommand: "merge")
    }
    return .merge(folders: reader.positionals, out: out, allowPartial: allowPartial)
  }
}

/// Walks arguments, separating `--flag [value]` from positionals; `--`
/// ends the flags.
struct FlagReader {
  private var arguments: ArraySlice<String>
  private var pendingValue: String?
  private let subcommand: String
  private var flagsEnded = false
  private(set) var positionals: [String] = []

  init(_ arguments: [String], subcommand: String) {
    self.arguments = arguments[...]
    self.subcommand = subcommand
  }

  /// The next flag, collecting positionals on the way.
  mutating func nextFlag() throws(UsageError) -> String? {
    if let pending = pendingValue {
      throw UsageError("option takes no value: '\(pending)'", subcommand: subcommand)
    }
    while let argument = arguments.popFirst() {
      if flagsEnded || !argument.hasPrefix("-") || argument == "-" {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        flagsEnded = true
        continue
      }
      if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        pendingValue = String(argument[argument.index(after: equals)...])
        return String(argument[..<equals])
      }
      return argument
    }
    return nil
  }

  /// The value of `flag`: after `=`, or the next argument.
  mutating func value(for flag: String) throws(UsageError) -> String {
    if let pending = pendingValue {
      pendingValue = nil
      return pending
    }
    guard let value = arguments.popFirst(), !value.hasPrefix("--") else {
      throw UsageError("\(flag) needs a value", subcommand: subcommand)
    }
    return value
  }
}
