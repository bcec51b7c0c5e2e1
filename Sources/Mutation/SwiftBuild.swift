import Foundation

/// The real build and run steps of `MutationDriver`: `swift build` of the
/// scratch copy, and the judging executable's `run` in a child process.
public enum SwiftBuild {
  /// Builds `product` in `package` with `swift build -c configuration`.
  /// - Returns: the built executable, or the compiler's output when the
  ///   build failed.
  public static func build(
    package: URL, product: String, configuration: String
  ) -> Result<URL, BuildFailure> {
    let arguments = [
      "swift", "build", "-c", configuration, "--product", product, "--package-path", package.path,
    ]
    let log = package.appendingPathComponent(".mutate-build.log")
    let outcome = ChildRun.run(
      URL(fileURLWithPath: "/usr/bin/env"), arguments, environment: [:], log: log, timeout: nil)
    let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    guard outcome == .exited(0) else { return .failure(BuildFailure(output: output)) }
    return .success(
      package.appendingPathComponent(".build").appendingPathComponent(configuration)
        .appendingPathComponent(product))
  }

  /// A failed build's output.
  public struct BuildFailure: Error, Hashable, Sendable {
    /// What the compiler printed.
    public var output: String
  }

  /// Judges mutant `number` (0 for none): runs `executable run` with the
  /// run's seed and budget, one job, no corpus and `--stop-on-failure` (a
  /// killed mutant costs no more than its first failure), reports into `folder`
  /// (its output in `folder.log`), and reads the verdict from the exit
  /// status and `folder/report.json`.
  public static func judge(
    executable: URL, number: Int, options: MutationOptions, folder: URL
  ) -> Verdict {
    let arguments = [
      "run", "--seed", "\(options.seed)", "--cases", "\(options.cases)", "--no-corpus",
      "--out", folder.path, "--jobs", "1", "--shrink-time", "1s", "--stop-on-failure",
    ]
    // `run` wants its out folder empty or a report set: the log goes beside.
    try? FileManager.default.createDirectory(
      at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
    let outcome = ChildRun.run(
      executable, arguments,
      environment: [MutantSchemata.environmentVariable: "\(number)"],
      log: folder.appendingPathExtension("log"), timeout: options.timeoutSeconds)
    return Verdict(outcome: outcome, report: folder.appendingPathComponent("report.json"))
  }
}
