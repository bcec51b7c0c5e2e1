import Foundation
import Generators
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
