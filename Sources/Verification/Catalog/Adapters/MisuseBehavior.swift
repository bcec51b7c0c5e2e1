import Generators

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

extension MisuseBehavior {
  /// Ignores the call (leaves the value as it was): the common lenient
  /// reaction, checked like `.unspecified`.
  public static var ignores: MisuseBehavior { .unspecified }
}

/// A family of calls that share one reaction to misuse (issue 18): an
/// implementation may trap on some families and ignore or throw on others
/// (`Implementation.misuse(_:for:)`).
public enum MisuseFamily: String, Hashable, Sendable, Codable, CaseIterable {
  /// `appendItems`, `insertItems`, `deleteItems`, `moveItem`.
  case itemMutations
  /// `appendSections`, `insertSections`, `deleteSections`, `moveSection`.
  case sectionMutations
  /// `reloadItems`, `reconfigureItems`, `reloadSections`.
  case marks
  /// The section snapshot's throwing mutations and `snapshot(of:)`.
  case sectionSnapshotMutations
  /// The data source's user toggles and drags.
  case dataSourceActions
}

extension FullCommand {
  /// The misuse family of the call.
  var misuseFamily: MisuseFamily {
    switch self {
    case .appendItems, .insertItems, .deleteItems, .deleteAllItems, .moveItem: return .itemMutations
    case .appendSections, .insertSections, .deleteSections, .moveSection: return .sectionMutations
    case .reloadItems, .reconfigureItems, .reloadSections: return .marks
    }
  }
}
