import Generators

/// One failing case of a fuzz run, minimised when shrinking finished, as
/// listed in `report.json` and written to `failures/`.
public struct FailureRecord: Hashable, Comparable, Sendable, Codable {
  /// How the case failed.
  public enum Kind: String, Hashable, Sendable, Codable {
    /// The property returned a counterexample.
    case failure
    /// The process running the case died (a trap in the code under test).
    case crash
    /// The case did not finish within the run's case timeout.
    case timeout
  }

  /// The property's name.
  public var property: String
  /// The kind of failure.
  public var kind: Kind
  /// The rule the case broke (`FailureKind`): a run reports one case per
  /// rule and property; `nil` in reports written before rules existed.
  public var rule: FailureKind?
  /// The replay token of the (shrunk) case: `name@v2.<catalog>:<base64url>`.
  public var token: String
  /// The replay token of the case as first found, before shrinking.
  public var originalToken: String
  /// The run seed.
  public var seed: UInt64
  /// The case index within the run (in the whole seed space, not the shard).
  public var caseIndex: Int
  /// A one-line description of the failure (the trap message for a crash).
  public var message: String
  /// The shrunk case as ready-to-paste Swift test code.
  public var swiftCode: String
  /// A readable `-`/`+` diff of model versus engine state, if any.
  public var diff: String
  /// The number of successful shrink steps.
  public var shrinkSteps: Int
  /// Whether shrinking ran to completion (not cut short by a stop).
  public var shrunk: Bool
  /// The entry's file under `failures/`, relative to the report folder.
  public var file: String

  /// Creates a failure record. `swiftCode`'s test function is named for
  /// `rule` (`SwiftCode.named(_:for:)`), so that the tests of a property's
  /// distinct failures can be pasted side by side.
  public init(
    property: String, kind: Kind, token: String, originalToken: String,
    seed: UInt64, caseIndex: Int, message: String, swiftCode: String = "",
    diff: String = "", shrinkSteps: Int = 0, shrunk: Bool = false, file: String = "",
    rule: FailureKind? = nil
  ) {
    self.property = property
    self.kind = kind
    self.rule = rule
    self.token = token
    self.originalToken = originalToken
    self.seed = seed
    self.caseIndex = caseIndex
    self.message = message
    self.swiftCode = SwiftCode.named(swiftCode, for: rule)
    self.diff = diff
    self.shrinkSteps = shrinkSteps
    self.shrunk = shrunk
    self.file = file
  }

  /// How severe the failure is: crashes and timeouts rank as traps, a
  /// failure by its rule.
  public var severity: FailureKind.Severity {
    kind == .failure ? rule?.severity ?? .wrong : .trap
  }

  /// The failure's heading in reports: its kind, with its rule when it
  /// names one (e.g. `failure (identity loss)`).
  public var heading: String {
    kind.rawValue + (rule.map { " (\($0))" } ?? "")
  }

  /// The failure in one line's room: its kind with its culprit and
  /// severity, e.g. `failure (differ: identity, identity loss)` or
  /// `crash (trap in snapshot: appendSections(_:), trap)`.
  public var shortHeading: String {
    guard let rule else { return kind.rawValue }
    return "\(kind.rawValue) (\(rule.culprit), \(severity.label))"
  }

  /// Orders failures by property name, then the most severe first, then
  /// case index, then token.
  public static func < (lhs: FailureRecord, rhs: FailureRecord) -> Bool {
    (lhs.property, lhs.severity.rawValue, lhs.caseIndex, lhs.token)
      < (rhs.property, rhs.severity.rawValue, rhs.caseIndex, rhs.token)
  }

  enum CodingKeys: String, CodingKey {
    case property, kind, token
    case originalToken = "original_token"
    case seed
    case caseIndex = "case_index"
    case message
    case swiftCode = "swift_code"
    case diff
    case shrinkSteps = "shrink_steps"
    case shrunk, file, rule, severity
  }

  /// Decodes a failure from its JSON object (see `Reports/README.md`).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    property = try container.decode(String.self, forKey: .property)
    kind = try container.decode(Kind.self, forKey: .kind)
    token = try container.decode(String.self, forKey: .token)
    originalToken = try container.decodeIfPresent(String.self, forKey: .originalToken) ?? token
    let seedText = try container.decode(String.self, forKey: .seed)
    guard let seed = UInt64(seedText) else {
      throw DecodingError.dataCorruptedError(
        forKey: .seed, in: container, debugDescription: "seed is not a 64-bit unsigned integer")
    }
    self.seed = seed
    caseIndex = try container.decode(Int.self, forKey: .caseIndex)
    message = try container.decode(String.self, forKey: .message)
    swiftCode = try container.decodeIfPresent(String.self, forKey: .swiftCode) ?? ""
    diff = try container.decodeIfPresent(String.self, forKey: .diff) ?? ""
    shrinkSteps = try container.decodeIfPresent(Int.self, forKey: .shrinkSteps) ?? 0
    shrunk = try container.decodeIfPresent(Bool.self, forKey: .shrunk) ?? false
    file = try container.decodeIfPresent(String.self, forKey: .file) ?? ""
    rule = try container.decodeIfPresent(FailureKind.self, forKey: .rule)
  }

  /// Encodes the failure as its JSON object (see `Reports/README.md`).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(property, forKey: .property)
    try container.encode(kind, forKey: .kind)
    try container.encode(token, forKey: .token)
    try container.encode(originalToken, forKey: .originalToken)
    try container.encode(String(seed), forKey: .seed)
    try container.encode(caseIndex, forKey: .caseIndex)
    try container.encode(message, forKey: .message)
    try container.encode(swiftCode, forKey: .swiftCode)
    try container.encode(diff, forKey: .diff)
    try container.encode(shrinkSteps, forKey: .shrinkSteps)
    try container.encode(shrunk, forKey: .shrunk)
    try container.encode(file, forKey: .file)
    try container.encodeIfPresent(rule, forKey: .rule)
    // Derived from `kind` and `rule`, for readers; never read back.
    try container.encode(severity.label, forKey: .severity)
  }
}
