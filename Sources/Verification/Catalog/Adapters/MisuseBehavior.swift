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
///   `// skipped: Apple rejects this call` comment). For `.traps`,
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

/// A guard of ours that keeps a reference-model mirror beside the
/// implementation (`GuardedSnapshot`, `GuardedSectionSnapshot`).
protocol MirroringGuard {
  /// The implementation's type.
  associatedtype Base
  /// The implementation under test.
  var base: Base { get set }
  /// The first divergence from the mirror, or fault on a rejected call.
  var divergence: String? { get set }
  /// Whether the last mutation was rejected by the mirror.
  var rejectedLastCall: Bool { get set }
}

extension MirroringGuard {
  /// After the mirror rejected `call` with `error`: hands it to `base` when
  /// `family` is declared `.throws` or `.ignores` (`MisusePolicy.handOver`),
  /// recording a fault as the divergence; otherwise notes that the call was
  /// rejected without calling `base`.
  /// - Throws: the error the guard answers with (see `handOver`).
  mutating func rejected(
    _ call: String, of family: MisuseFamily, with error: SnapshotError,
    observe: (Base) -> String, _ apply: (inout Base) throws(SnapshotError) -> Void
  ) throws(SnapshotError) {
    guard
      let handed = MisusePolicy.current.handOver(
        call, of: family, rejectedWith: error, to: &base, observe: observe, apply)
    else {
      rejectedLastCall = true
      throw error
    }
    divergence = handed.fault
    if let outcome = handed.outcome { throw outcome }
  }
}

/// The reaction to misuse of every call family, as the guards apply it
/// while a property of a guarded implementation checks a case (bound by
/// `GuardedPropertyRewriter` around each check).
struct MisusePolicy: Sendable, Hashable {
  /// Per family, its declared reaction.
  var behaviors: [MisuseFamily: MisuseBehavior]

  /// The declared reaction of `family` (`.unspecified`: never handed a
  /// rejected call, when undeclared).
  func behavior(for family: MisuseFamily) -> MisuseBehavior {
    behaviors[family] ?? .unspecified
  }

  /// The policy in force: by default no family is handed a rejected call.
  @TaskLocal static var current = MisusePolicy(behaviors: [:])

  /// Hands `base` the call `apply` that the reference model rejected with
  /// `error`, when `family` is declared `.throws` or `.ignores` (otherwise
  /// returns `nil`: the call is not made): `fault` is the verdict on its
  /// reaction (`fault(_:family:behavior:expected:thrown:before:after:)`),
  /// `outcome` the error the guard throws (the base's for `.throws`, the
  /// model's for `.ignores`; `nil`: it returns).
  func handOver<Base>(
    _ call: String, of family: MisuseFamily, rejectedWith error: SnapshotError,
    to base: inout Base, observe: (Base) -> String,
    _ apply: (inout Base) throws(SnapshotError) -> Void
  ) -> (fault: String?, outcome: SnapshotError?)? {
    let behavior = behavior(for: family)
    guard behavior.handsOverRejectedCalls else { return nil }
    let before = observe(base)
    var thrown: SnapshotError?
    do throws(SnapshotError) { try apply(&base) } catch { thrown = error }
    let fault = Self.fault(
      call, family: family, behavior: behavior, expected: error, thrown: thrown, before: before,
      after: observe(base))
    return (fault, behavior == .throws ? thrown : error)
  }

  /// The one verdict on a rejected call handed to the implementation (its
  /// family declared `.throws` or `.ignores`), or `nil` when it reacted as
  /// declared: `expected` is the model's error, `thrown` the
  /// implementation's (if any), `before`/`after` its observable value
  /// around the call.
  static func fault(
    _ call: String, family: MisuseFamily, behavior: MisuseBehavior, expected: SnapshotError,
    thrown: SnapshotError?, before: String, after: String
  ) -> String? {
    let verb = behavior == .throws ? "throw" : "ignore"
    let declared = "which Apple rejects (\(expected)) and `.\(family)` is declared to \(verb)"
    var faults: [String] = []
    switch (behavior, thrown) {
    case (.throws, nil): faults.append("returned without throwing")
    case (.throws, let error?) where error != expected:
      faults.append("threw \(error) instead of \(expected)")
    case (.ignores, let error?): faults.append("threw \(error) instead of ignoring it")
    default: break
    }
    if before != after { faults.append("changed the value from \(before) to \(after)") }
    guard !faults.isEmpty else { return nil }
    return "on `\(call)`, \(declared): it " + faults.joined(separator: " and ")
  }
}
