import Foundation
import FuzzKit
import Mutation
import Verification

/// The entry point: parses the command line, runs the subcommand and maps
/// every outcome to an exit code (see `ExitCode`).
enum FuzzCommand {
  /// Runs `arguments` (without the executable name) over the properties
  /// `makeTarget` builds; returns the exit code. `executable` (the
  /// product name) names the command in help, messages, progress lines,
  /// the "Repeat:" and replay lines and the reports; `skipped` (the
  /// catalog's properties the implementation lacks a part or capability
  /// for) are listed in a run's console output and reports; a run writes
  /// failures to `defaultCorpus` unless its command line names a corpus.
  static func main(
    _ arguments: [String], executable: String = "snapshot-fuzz", skipped: [SkippedProperty] = [],
    defaultCorpus: String? = RunOptions.defaultCorpus,
    makeTarget: () -> any FuzzTarget = { FuzzTargets.standard }
  ) -> Int32 {
    let invocation: Invocation
    do {
      invocation = try Invocation.parse(arguments)
    } catch {
      Console.error("\(executable): \(error.message)")
      Console.error(HelpText.synopsis(for: error.subcommand, program: executable))
      return ExitCode.usage
    }
    switch invocation {
    case .help(let subcommand):
      Console.output(
        HelpText.text(for: subcommand, program: executable, defaultCorpus: defaultCorpus))
      return ExitCode.success
    case .version:
      Console.output(HelpText.version(program: executable))
      return ExitCode.success
    case .list:
      for name in makeTarget().propertyNames { Console.output(name) }
      return ExitCode.success
    case .run(var options):
      if !options.corpusChosen { options.corpus = defaultCorpus }
      return RunCommand(
        target: makeTarget(), options: options, program: executable, skipped: skipped
      ).run()
    case .replay(let input, let property, let caseTimeout):
      return ReplayCommand(
        target: makeTarget(), input: input, property: property,
        caseTimeout: caseTimeout ?? RunOptions().caseTimeoutSeconds, program: executable
      ).run()
    case .merge(let folders, let out, let allowPartial):
      return MergeCommand(
        folders: folders, out: out, allowPartial: allowPartial, program: executable
      )
      .run()
    case .mutate(var options):
      if options.executable.isEmpty { options.executable = executable }
      return MutateCommand(options: options, program: executable).run()
    case .worker:
      return WorkerCommand(target: makeTarget()).run()
    }
  }
}
