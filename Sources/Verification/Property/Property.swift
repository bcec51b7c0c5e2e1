import Generators

/// A property: a stable dotted name, a generator of cases, a check, and
/// every fact about it declared with it: the family and part it judges,
/// the capabilities it needs, whether Apple requires it, its CI budget,
/// and how a failure renders as a Swift test.
///
/// `Case` is `Codable` so that a failing case is saved to the corpus in
/// structured, readable form and replays from it after the generators
/// change. Type-erase with `eraseToAnyProperty()` for runners and the fuzz
/// command.
public struct Property<Case: Codable & Sendable>: Sendable {
  /// The stable name used in reports, replay tokens and the corpus, e.g.
  /// `"full.differential"`.
  public internal(set) var name: String
  /// The catalog family, `nil` for a property written outside the catalog.
  public internal(set) var family: Catalog.Family?
  /// The part of an implementation it judges (empty for a property of its
  /// own): the catalog runs it only when that part is the implementation's
  /// own, never on a reference stand-in.
  public internal(set) var part: ImplementationParts = []
  /// What the implementation must have for the property to run.
  public internal(set) var needs = PropertyNeeds()
  /// Whether the property checks Apple's semantics (`.required`, the
  /// default) or a stronger promise of this engine (`.contract`).
  public var tag: PropertyTag = .required
  /// Cases per run in `swift test` (the CI budget): enough for its
  /// coverage requirements to mean something, in proportion to its cost.
  public var budget = 1_000
  /// Whether a case passes by trapping: such a property hands the
  /// implementation a call Apple rejects and is run only in a child process
  /// (the fuzz command's workers), where a trap is the expected outcome and
  /// a normal return is the failure.
  public var expectsTrap = false
  /// The generator of cases.
  public let generator: Gen<Case>
  /// The verdict on one case; the context hears of each call of the
  /// implementation and each failure as they happen.
  public let check: @Sendable (Case, CheckContext) -> PropertyResult
  /// The verdict with the case's description, for a check whose run on
  /// the reference yields it (`nil` when that run did not cover the case):
  /// exactly `describe`'s (a test holds them equal), read off the run
  /// instead of running the case again. `nil` for a property whose check
  /// never describes.
  let describingCheck: DescribingCheck?
  /// One failure of a case (`nil`: the case as a whole) as a ready-to-paste
  /// Swift `@Test` function.
  public let render: @Sendable (Case, Failure?) -> String
  /// The labels and histogram samples of a case, for statistics and
  /// coverage. Runners compute it once per case they record, never for a
  /// shrink candidate.
  public private(set) var describe: @Sendable (Case) -> CaseDescription
  /// The labels (classes) of a case: `describe`'s labels.
  public var labels: @Sendable (Case) -> [String] {
    let describe = describe
    return { describe($0).labels }
  }
  /// The histogram samples of a case: `describe`'s observations, computed
  /// without its labels where they are declared apart.
  public private(set) var observations: @Sendable (Case) -> [Observation]
  /// Coverage requirements a run must meet.
  public let coverage: [CoverageRequirement]

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
    let rendered: @Sendable (Case, Failure?) -> String
    if let render {
      rendered = { value, _ in render(value) }
    } else {
      rendered = { value, _ in
        let json = (try? JSONValue.encoding(value).text) ?? "\(value)"
        return SwiftCode.test(named: name, body: ["// case: \(json)"])
      }
    }
    self.init(
      name, generator: generator, coverage: coverage, labels: labels, observations: observations,
      render: rendered, check: { value, _ in check(value) })
  }

  /// Creates a property whose check is told of the process running it and
  /// whose rendering draws each failure on its own.
  public init(
    _ name: String,
    generator: Gen<Case>,
    coverage: [CoverageRequirement] = [],
    labels: @escaping @Sendable (Case) -> [String] = { _ in [] },
    observations: @escaping @Sendable (Case) -> [Observation] = { _ in [] },
    render: @escaping @Sendable (Case, Failure?) -> String,
    check: @escaping @Sendable (Case, CheckContext) -> PropertyResult
  ) {
    self.name = name
    self.generator = generator
    self.coverage = coverage
    self.describe = { CaseDescription(labels: labels($0), observations: observations($0)) }
    self.observations = observations
    self.render = render
    self.check = check
    self.describingCheck = nil
  }

  /// A check that also gives the case's description, when its run on the
  /// reference covered the whole case.
  typealias DescribingCheck =
    @Sendable (Case, CheckContext) -> (verdict: PropertyResult, description: CaseDescription?)

  /// Creates a property whose check describes the case from its own run
  /// on the reference where it can (`describe` still serves a runner that
  /// describes a case before checking it, and the cases the check leaves
  /// undescribed).
  init(
    _ name: String,
    generator: Gen<Case>,
    coverage: [CoverageRequirement] = [],
    describe: @escaping @Sendable (Case) -> CaseDescription,
    render: @escaping @Sendable (Case, Failure?) -> String,
    describingCheck: @escaping DescribingCheck
  ) {
    self.name = name
    self.generator = generator
    self.coverage = coverage
    self.describe = describe
    self.observations = { describe($0).observations }
    self.render = render
    self.check = { describingCheck($0, $1).verdict }
    self.describingCheck = describingCheck
  }

  /// The type-erased property.
  public func eraseToAnyProperty() -> AnyProperty { AnyProperty(self) }

  /// The same property with `tag` set.
  public func tagged(_ tag: PropertyTag) -> Property {
    var copy = self
    copy.tag = tag
    return copy
  }

  /// The same property described by `describe`, which computes a case's
  /// labels and observations together (from one run of the case where
  /// both need one).
  func described(by describe: @escaping @Sendable (Case) -> CaseDescription) -> Property {
    var copy = self
    copy.describe = describe
    copy.observations = { describe($0).observations }
    return copy
  }

  /// The same property with its catalog facts set.
  func declared(
    family: Catalog.Family, part: ImplementationParts, needs: PropertyNeeds = PropertyNeeds(),
    tag: PropertyTag = .required, budget: Int = 1_000, expectsTrap: Bool = false
  ) -> Property {
    var copy = self
    copy.family = family
    copy.part = part
    copy.needs = needs
    copy.tag = tag
    copy.budget = budget
    copy.expectsTrap = expectsTrap
    return copy
  }
}

/// What a property holds an implementation to (SPEC §3, "Apple-required vs
/// contract").
public enum PropertyTag: String, Sendable, Codable, CaseIterable, Hashable {
  /// Apple's semantics, as far as they are confirmed: any faithful
  /// implementation passes.
  case required
  /// This engine's stronger promise (minimal moves, exact refresh, one
  /// structural batch), or a point Apple leaves open that the spec decides:
  /// a faithful implementation may fail it.
  case contract
}
