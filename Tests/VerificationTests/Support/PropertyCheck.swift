import Foundation
import Generators
import TestSupport
import Testing
import Verification

/// The one-line way to check a property inside `@Test`: runs it with the
/// configuration from the `DIFFABLE_*` environment variables (over
/// `base`) and records an issue carrying the seed, the replay token, the
/// Swift code and the diff when it fails.
///
/// - Returns: the run's report, for further expectations.
@discardableResult
func check(
  _ property: AnyProperty, base: RunConfiguration = RunConfiguration(),
  sourceLocation: SourceLocation = #_sourceLocation
) -> RunReport? {
  let configuration: RunConfiguration
  do throws(ConfigurationError) {
    configuration = try RunConfiguration.fromEnvironment(
      ProcessInfo.processInfo.environment, base: base)
  } catch {
    Issue.record(Comment(rawValue: error.description), sourceLocation: sourceLocation)
    return nil
  }
  let report = Runner(configuration: configuration).run(property)
  if !report.passed {
    Issue.record(Comment(rawValue: report.summary), sourceLocation: sourceLocation)
  }
  return report
}

/// `check(_:)` for a typed property.
@discardableResult
func check<Case>(
  _ property: Property<Case>, base: RunConfiguration = RunConfiguration(),
  sourceLocation: SourceLocation = #_sourceLocation
) -> RunReport? {
  check(property.eraseToAnyProperty(), base: base, sourceLocation: sourceLocation)
}

/// Replays every entry of the committed corpus (`Tests/Regressions/`, or
/// `directory`) against `properties`, recording an issue for each entry
/// that still fails, cannot be loaded (malformed or stale, by file name) or
/// names an unknown property.
func replayCorpus(
  _ properties: [AnyProperty], directory: URL = CorpusTests.directory,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  for replay in Corpus(directory: directory).replay(properties) {
    switch replay.outcome {
    case .passed: continue
    case .failed(let counterexample):
      Issue.record(Comment(rawValue: counterexample.report), sourceLocation: sourceLocation)
    case .rejected, .unknownProperty:
      Issue.record(Comment(rawValue: replay.summary), sourceLocation: sourceLocation)
    }
  }
}
