import Generators
import Verification

/// A property erased for fuzzing: unlike `AnyProperty`, it keeps
/// *generating* a case and *checking* it as two steps, so a worker can
/// announce the case's replay token before the code under test runs.
///
/// Built from a typed `Property`; every closure only forwards to it.
public struct FuzzProperty: Sendable {
  /// A generated case, not yet checked.
  struct Generated {
    /// The generated value, or `nil` when generation rejected the choices.
    var value: Any?
    /// Why generation rejected the choices.
    var discardReason: String
    var labels: [String]
    var observations: [Observation]
  }

  /// The property's stable name.
  public let name: String
  /// The coverage requirements of a run.
  public let coverage: [CoverageRequirement]
  /// `required` or `contract` (`PropertyTag.rawValue`).
  public let tag: String
  /// Whether a case passes by trapping; such a case is checked only in a
  /// worker process, and a normal return fails it.
  public let expectsTrap: Bool
  let generate: @Sendable (ChoiceSource) -> Generated
  let check: @Sendable (Any) -> PropertyResult
  let render: @Sendable (Any) -> String
  let script: @Sendable (Any) -> JSONValue?
  let decodeScript: @Sendable (JSONValue) -> Generated?

  /// Erases `property`.
  public init<Case>(_ property: Property<Case>) {
    name = property.name
    coverage = property.coverage
    tag = property.tag.rawValue
    expectsTrap = property.expectsTrap
    let describe: @Sendable (Case) -> Generated = { value in
      Generated(
        value: value, discardReason: "", labels: property.labels(value),
        observations: property.observations(value))
    }
    generate = { source in
      do throws(GenerationError) {
        return describe(try property.generator.generate(source))
      } catch {
        return Generated(value: nil, discardReason: error.description, labels: [], observations: [])
      }
    }
    check = { value in
      guard let value = value as? Case else { return .discard("case of another type") }
      return property.check(value)
    }
    render = { value in
      guard let value = value as? Case else { return "// no case" }
      return property.render(value)
    }
    script = { value in
      guard let value = value as? Case else { return nil }
      return try? JSONValue.encoding(value)
    }
    decodeScript = { json in
      guard let value = try? json.decode(Case.self) else { return nil }
      return describe(value)
    }
  }
}
