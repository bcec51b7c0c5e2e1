import Generators

/// A property: a stable dotted name, a generator of cases, and a check.
///
/// `Case` is `Codable` so that a failing case is saved to the corpus in
/// structured, readable form and replays from it after the generators
/// change. Type-erase with `eraseToAnyProperty()` for catalogs and the fuzz
/// command.
public struct Property<Case: Codable & Sendable>: Sendable {
  /// The stable name used in reports, replay tokens and the corpus, e.g.
  /// `"differential.fullSnapshot"`.
  public internal(set) var name: String
  /// The generator of cases.
  public let generator: Gen<Case>
  /// The verdict on one case.
  public let check: @Sendable (Case) -> PropertyResult
  /// The case as a ready-to-paste Swift `@Test` function.
  public let render: @Sendable (Case) -> String
  /// The labels (classes) of a case, for statistics and coverage.
  public let labels: @Sendable (Case) -> [String]
  /// The histogram samples of a case.
  public let observations: @Sendable (Case) -> [Observation]
  /// Coverage requirements a run must meet.
  public let coverage: [CoverageRequirement]
  /// Whether the property checks Apple's semantics (`.required`, the
  /// default) or a stronger promise of this engine (`.contract`).
  public var tag: PropertyTag = .required
  /// Whether a case passes by trapping: such a property hands the
  /// implementation a call Apple rejects and is run only in a child process
  /// (the fuzz command's workers), where a trap is the expected outcome and
  /// a normal return is the failure.
  public var expectsTrap = false

  /// Creates a property.
  ///
  /// - Parameters:
  ///   - name: the stable dotted name.
  ///   - generator: the generator of cases.
  ///   - coverage: labels that must reach a minimum share of a run.
  ///   - labels: the labels of a case (default: none).
  ///   - observations: the histogram samples of a case (default: none).
  ///   - render: Swift test code for a case (default: a comment holding the
  ///     case's JSON).
  ///   - check: the verdict on a case.
  public init(
    _ name: String,
    generator: Gen<Case>,
    coverage: [CoverageRequirement] = [],
    labels: @escaping @Sendable (Case) -> [String] = { _ in [] },
    observations: @escaping @Sendable (Case) -> [Observation] = { _ in [] },
    render: (@Sendable (Case) -> String)? = nil,
    check: @escaping @Sendable (Case) -> PropertyResult
  ) {
    self.name = name
    self.generator = generator
    self.check = check
    self.labels = labels
    self.observations = observations
    self.coverage = coverage
    self.render =
      render ?? { value in
        let json = (try? JSONValue.encoding(value).text) ?? "\(value)"
        return SwiftCode.test(named: name, body: ["// case: \(json)"])
      }
  }

  /// The type-erased property.
  public func eraseToAnyProperty() -> AnyProperty {
    AnyProperty(self)
  }

  /// The same property with `tag` set.
  public func tagged(_ tag: PropertyTag) -> Property {
    var copy = self
    copy.tag = tag
    return copy
  }
}

/// What a property holds an implementation to (SPEC §3, "Apple-required vs
/// contract").
public enum PropertyTag: String, Sendable, Codable, CaseIterable, Hashable {
  /// Apple's semantics: any faithful implementation passes.
  case required
  /// This engine's stronger promise (minimal moves, exact refresh, one
  /// structural batch, …): a faithful implementation may fail it.
  case contract
}
