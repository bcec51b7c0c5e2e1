import Foundation
import Mutation
import Verification

extension Invocation {
  /// Parses `mutate`'s flags; the executable is left empty (the running
  /// one) unless `--executable` names one.
  static func parseMutate(_ arguments: [String]) throws(UsageError) -> MutationOptions {
    var options = MutationOptions(target: "", executable: "")
    options.jobs = ProcessInfo.processInfo.activeProcessorCount
    var reader = FlagReader(arguments, subcommand: "mutate")
    while let flag = try reader.nextFlag() {
      if flag == "--resume" {
        options.resume = true
        continue
      }
      guard valuedFlags.contains(flag) else {
        throw mutateError("unknown option '\(flag)' for mutate")
      }
      let text = try reader.value(for: flag)
      switch flag {
      case "--target": options.target = try nonEmpty(text, flag)
      case "--package": options.packageDirectory = try nonEmpty(text, flag)
      case "--executable": options.executable = try nonEmpty(text, flag)
      case "--out": options.out = try nonEmpty(text, flag)
      case "--work": options.work = try nonEmpty(text, flag)
      case "--seed":
        guard let seed = RunConfiguration.parseSeed(text) else {
          throw mutateError(
            "--seed wants an unsigned 64-bit integer (decimal or 0x hex), got '\(text)'")
        }
        options.seed = seed
      case "--cases": options.cases = try integer(text, flag, in: 1...1_000_000)
      case "--jobs": options.jobs = try integer(text, flag, in: 1...256)
      case "--limit": options.limit = try integer(text, flag, in: 1...1_000_000)
      case "--timeout":
        guard let seconds = DurationParser.seconds(text) else {
          throw mutateError("--timeout wants a duration like 30s or 5m, got '\(text)'")
        }
        options.timeoutSeconds = seconds
      case "--min-score":
        guard let score = Double(text), (0...100).contains(score) else {
          throw mutateError("--min-score wants a percentage in 0...100, got '\(text)'")
        }
        options.minScore = score
      case "--operators":
        guard let operators = MutationOperator.parseList(text) else {
          let known = MutationOperator.allCases.map(\.rawValue).joined(separator: ", ")
          throw mutateError("--operators wants a comma-separated list of \(known); got '\(text)'")
        }
        options.operators = operators
      case "--files":
        options.files += text.split(separator: ",").map(String.init)
      case "--configuration":
        guard ["debug", "release"].contains(text) else {
          throw mutateError("--configuration wants debug or release, got '\(text)'")
        }
        options.configuration = text
      default:
        throw mutateError("unknown option '\(flag)' for mutate")
      }
    }
    if let positional = reader.positionals.first {
      throw mutateError("mutate takes no positional arguments, got '\(positional)'")
    }
    guard !options.target.isEmpty else { throw mutateError("mutate needs --target NAME") }
    return options
  }

  private static let valuedFlags: Set<String> = [
    "--target", "--package", "--executable", "--out", "--work", "--seed", "--cases", "--jobs",
    "--limit", "--timeout", "--min-score", "--operators", "--files", "--configuration",
  ]

  private static func mutateError(_ message: String) -> UsageError {
    UsageError(message, subcommand: "mutate")
  }

  private static func nonEmpty(_ text: String, _ flag: String) throws(UsageError) -> String {
    guard !text.isEmpty else { throw mutateError("\(flag) wants a value, got ''") }
    return text
  }

  private static func integer(
    _ text: String, _ flag: String, in range: ClosedRange<Int>
  ) throws(UsageError) -> Int {
    guard let value = Int(text), range.contains(value) else {
      throw mutateError(
        "\(flag) wants an integer in \(range.lowerBound)...\(range.upperBound), got '\(text)'")
    }
    return value
  }
}
