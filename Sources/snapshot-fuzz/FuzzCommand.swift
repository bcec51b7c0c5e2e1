import Foundation
import FuzzKit
import Verification

/// The entry point: parses the command line, runs the subcommand and maps
/// every outcome to an exit code (see `ExitCode`).
enum FuzzCommand {
  /// Runs `arguments` (without the executable name); returns the exit code.
  static func main(_ arguments: [String]) -> Int32 {
    let invocation: Invocation
    do {
      invocation = try Invocation.parse(arguments)
    } catch {
      Console.error("snapshot-fuzz: \(error.message)")
      Console.error(HelpText.synopsis(for: error.subcommand))
      return ExitCode.usage
    }
    let target = FuzzTargets.standard()
    switch invocation {
    case .help(let subcommand):
      Console.output(HelpText.text(for: subcommand))
      return ExitCode.success
    case .version:
      Console.output(HelpText.version)
      return ExitCode.success
    case .list:
      for name in target.propertyNames { Console.output(name) }
      return ExitCode.success
    case .run(let options):
      return RunCommand(target: target, options: options).run()
    case .replay(let input, let property):
      return ReplayCommand(target: target, input: input, property: property).run()
    case .merge(let folders, let out, let allowPartial):
      return MergeCommand(folders: folders, out: out, allowPartial: allowPartial).run()
    case .worker:
      return WorkerCommand(target: target).run()
    }
  }
}
