/// How an implementation reacts to a call Apple rejects (SPEC §3,
/// "Misuse").
///
/// The SnapshotCore protocols declare `throws(SnapshotError)`; an
/// implementation that traps or carries on instead conforms without ever
/// throwing (its methods simply never `throw`) and declares `.traps` or
/// `.unspecified`. The catalog then never hands it a call the reference
/// model rejects: a guard keeps a reference-model mirror, throws the
/// model's error in the implementation's place, and leaves the
/// implementation untouched (rendered tests show such a call as a
/// `// skipped: Apple rejects this call` comment).
public enum MisuseBehavior: String, Hashable, Sendable, Codable, CaseIterable {
  /// Throws the same `SnapshotError` the reference model throws, and leaves
  /// the value unchanged (this project's engine).
  case `throws`
  /// Traps (`preconditionFailure`), as Apple's types and most backports
  /// do. Besides the guarded catalog, `misuse.traps.*` properties check in
  /// child processes (the fuzz command) that rejected calls really trap.
  case traps
  /// Does something unspecified (ignores the call, or carries on).
  case unspecified
}
