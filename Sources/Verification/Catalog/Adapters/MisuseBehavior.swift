import Generators
import SnapshotCore

/// How an implementation reacts to a call Apple rejects (SPEC §3,
/// "Misuse"), declared per call family (`MisuseFamily`,
/// `Implementation.misuse(_:for:)`).
///
/// The SnapshotCore protocols declare `throws(SnapshotError)`; an
/// implementation that traps or carries on instead conforms without ever
/// throwing (its methods simply never `throw`). Per family, the catalog's
/// guard (a reference-model mirror beside the implementation) then:
/// - `.throws`: hands it the rejected call; it must throw the model's
///   error and leave the value unchanged;
/// - `.ignores`: hands it the rejected call; it must not throw and must
///   leave the value exactly as it was;
/// - `.traps` and `.unspecified`: never hands it the call (the model's
///   error is thrown in its place; rendered tests show such a call as a
///   `// skipped: … Apple rejects it` comment). For `.traps`,
///   `misuse.traps.*` properties check in child processes (the fuzz
///   command) that the rejected calls really trap.
public enum MisuseBehavior: String, Hashable, Sendable, Codable, CaseIterable {
  /// Throws the same `SnapshotError` the reference model throws, and leaves
  /// the value unchanged (this project's engine).
  case `throws`
  /// Traps (`preconditionFailure`), as Apple's types and most backports
  /// do. Besides the guarded catalog, `misuse.traps.*` properties check in
  /// child processes (the fuzz command) that rejected calls really trap.
  case traps
  /// Does something unspecified (carries on in some way): never handed a
  /// rejected call, so nothing about misuse is checked.
  case unspecified
  /// Ignores the call: returns without throwing and leaves the value
  /// exactly as it was (checked on every rejected call of the family).
  case ignores

  /// Whether the guard hands a rejected call of a family declared so to
  /// the implementation (and checks its reaction).
  var handsOverRejectedCalls: Bool { self == .throws || self == .ignores }
}

/// A family of calls that share one reaction to misuse (issue 18): an
/// implementation may trap on some families and ignore or throw on others
/// (`Implementation.misuse(_:for:)`).
public enum MisuseFamily: String, Hashable, Sendable, Codable, CaseIterable {
  /// `appendItems`, `insertItems`, `moveItem`.
  case itemMutations
  /// `appendSections`, `insertSections`, `moveSection`.
  case sectionMutations
  /// `deleteItems` and `deleteSections` (rejected only for a repeated id
  /// in the argument, which many backports ignore while trapping on the
  /// other item and section calls).
  case deletions
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
    case .appendItems, .insertItems, .deleteAllItems, .moveItem: return .itemMutations
    case .deleteItems, .deleteSections: return .deletions
    case .appendSections, .insertSections, .moveSection: return .sectionMutations
    case .reloadItems, .reconfigureItems, .reloadSections: return .marks
    }
  }
}

extension MisuseFamily {
  /// The family of a rendered call's method (`deleteItems`, `append`, a
  /// data source's `userReorder`…): `onDataSource` for calls on the data
  /// source itself.
  init(method: Substring, onDataSource: Bool) {
    switch method {
    case _ where onDataSource: self = .dataSourceActions
    case "appendItems", "insertItems", "moveItem", "deleteAllItems": self = .itemMutations
    case "deleteItems", "deleteSections": self = .deletions
    case "appendSections", "insertSections", "moveSection": self = .sectionMutations
    case "reloadItems", "reconfigureItems", "reloadSections": self = .marks
    default: self = .sectionSnapshotMutations
    }
  }
}

/// What kind of misuse a rejected call is, whatever its family: a type
/// may react to each kind in its own way (a backport that traps on a
/// missing id but lets a repeated one through), declared with
/// `Implementation.misuse(_:forKinds:)`.
public enum MisuseKind: String, Hashable, Sendable, Codable, CaseIterable {
  /// An id or section the call needs is not there (`sectionNotFound`,
  /// `destinationNotFound`, `sourceNotFound`, `reloadMissing`,
  /// `parentNotFound`, `insertDestinationNotFound`, `deleteMissing`,
  /// `itemNotFound`, `noSections`).
  case missingId
  /// An id is repeated in the argument or already present
  /// (`duplicateInArgument`, `sectionAlreadyExists`, `treeDuplicate`).
  case repeatedId
  /// A call relative to itself (`moveOntoSelf`, `destinationInArgument`).
  case selfReference
  /// An index path that is not a row (`indexPathOutOfRange`).
  case badIndexPath

  /// The kind of misuse the reference's `error` reports.
  public init(_ error: SnapshotError) {
    switch error {
    case .duplicateInArgument, .sectionAlreadyExists, .treeDuplicate: self = .repeatedId
    case .moveOntoSelf, .destinationInArgument: self = .selfReference
    case .indexPathOutOfRange: self = .badIndexPath
    case .noSections, .sectionNotFound, .destinationNotFound, .sourceNotFound, .reloadMissing,
      .parentNotFound, .insertDestinationNotFound, .deleteMissing, .itemNotFound:
      self = .missingId
    }
  }
}

/// How an implementation reacts to each call Apple rejects, as the catalog
/// applies it: per call family first, then per kind of misuse, then the
/// default. A value, passed to every check that builds it.
struct MisusePolicy: Sendable, Hashable {
  /// The reaction of every family without its own declaration.
  var fallback: MisuseBehavior
  /// Per call family, its declared reaction.
  var families: [MisuseFamily: MisuseBehavior] = [:]
  /// Per kind of misuse, its declared reaction.
  var kinds: [MisuseKind: MisuseBehavior] = [:]

  /// The reaction to a call of `family` that the reference rejects with
  /// `error`.
  func behavior(for family: MisuseFamily, rejectedWith error: SnapshotError) -> MisuseBehavior {
    families[family] ?? kinds[MisuseKind(error)] ?? fallback
  }

  /// The reaction of `family` to misuse of `kind`.
  func behavior(for family: MisuseFamily, kind: MisuseKind) -> MisuseBehavior {
    families[family] ?? kinds[kind] ?? fallback
  }

  /// Whether some rejected call of `family` traps.
  func traps(_ family: MisuseFamily) -> Bool {
    MisuseKind.allCases.contains { behavior(for: family, kind: $0) == .traps }
  }

  /// Whether every rejected call is handed to the implementation (its
  /// throwing queries may then be asked about missing ids too).
  var handsOverEverything: Bool {
    MisuseFamily.allCases.allSatisfy { family in
      MisuseKind.allCases.allSatisfy { behavior(for: family, kind: $0) == .throws }
    }
  }
}
