import SnapshotCore
import Testing

/// One example per violation-catalogue case of the section snapshot
/// (semantics §7), plus the check orders of B.3. Every example asserts the
/// exact error and that the tree and the expanded set are unchanged.
enum SectionSnapshotErrorExamples {
  private typealias U = SectionSnapshotSupport

  /// U-unique: ids already in the tree or repeated in the argument, once
  /// each, in the order found scanning the argument.
  static func treeDuplicate<T: SectionSnapshotProtocol>(_ type: T.Type)
  where T.ItemIdentifier == String {
    let snapshot = U.make(type, U.standard)
    U.expectError(.treeDuplicate(["x"]), on: snapshot) { try $0.append(["n", "x"]) }
    U.expectError(.treeDuplicate(["n"]), on: snapshot) { try $0.append(["n", "n", "n"], to: "a") }
    U.expectError(.treeDuplicate(["c", "a", "n"]), on: snapshot) {
      try $0.append(["n", "c", "a", "n", "c", "a"], to: "z")
    }
    U.expectError(.treeDuplicate(["a"]), on: snapshot) { try $0.insert(["a"], before: "b") }
    U.expectError(.treeDuplicate(["n", "b"]), on: snapshot) {
      try $0.insert(["n", "m", "n", "b"], after: "b")
    }
    let graft = U.make(type, "p(z, q), +c")
    U.expectError(.treeDuplicate(["z", "c"]), on: snapshot) { try $0.insert(graft, before: "a1") }
    U.expectError(.treeDuplicate(["z", "c"]), on: snapshot) { try $0.insert(graft, after: "a1") }
    // replace: ids found elsewhere in the tree (spec decision), the parent
    // itself included; the parent's own children do not count.
    U.expectError(.treeDuplicate(["z", "c"]), on: snapshot) {
      try $0.replace(childrenOf: "a", using: graft)
    }
    U.expectError(.treeDuplicate(["a"]), on: snapshot) {
      try $0.replace(childrenOf: "a", using: U.make(type, "a1, a"))
    }
    U.expectError(.treeDuplicate(["b"]), on: snapshot) {
      try $0.replace(childrenOf: "b1", using: U.make(type, "z(b)"))
    }
  }

  static func parentNotFound<T: SectionSnapshotProtocol>(_ type: T.Type)
  where T.ItemIdentifier == String {
    let snapshot = U.make(type, U.standard)
    U.expectError(.parentNotFound("q"), on: snapshot) { try $0.append(["n"], to: "q") }
    // Checked before U-unique.
    U.expectError(.parentNotFound("q"), on: snapshot) { try $0.append(["a", "a"], to: "q") }
    U.expectError(.parentNotFound("q"), on: snapshot) {
      try $0.replace(childrenOf: "q", using: U.make(type, "n"))
    }
    U.expectError(.parentNotFound("q"), on: snapshot) {
      try $0.replace(childrenOf: "q", using: T())
    }
    U.expectError(.parentNotFound("q"), on: snapshot) {
      _ = try $0.snapshot(of: "q", includingParent: false)
    }
    U.expectError(.parentNotFound("q"), on: snapshot) {
      _ = try $0.snapshot(of: "q", includingParent: true)
    }
  }

  static func insertDestinationNotFound<T: SectionSnapshotProtocol>(_ type: T.Type)
  where T.ItemIdentifier == String {
    let snapshot = U.make(type, U.standard)
    let error = SnapshotError.insertDestinationNotFound("q")
    U.expectError(error, on: snapshot) { try $0.insert(["n"], before: "q") }
    U.expectError(error, on: snapshot) { try $0.insert(["n"], after: "q") }
    // Checked before U-unique.
    U.expectError(error, on: snapshot) { try $0.insert(["a", "n", "n"], after: "q") }
    U.expectError(error, on: snapshot) { try $0.insert(U.make(type, "n(m)"), before: "q") }
    U.expectError(error, on: snapshot) { try $0.insert(U.make(type, "a"), after: "q") }
  }

  /// The first missing id in argument order; nothing is deleted.
  static func deleteMissing<T: SectionSnapshotProtocol>(_ type: T.Type)
  where T.ItemIdentifier == String {
    let snapshot = U.make(type, U.standard)
    U.expectError(.deleteMissing("q"), on: snapshot) { try $0.delete(["q"]) }
    U.expectError(.deleteMissing("q"), on: snapshot) { try $0.delete(["a", "b1", "q", "r"]) }
    U.expectError(.deleteMissing("r"), on: snapshot) { try $0.delete(["r", "x", "q"]) }
    U.expectError(.deleteMissing("q"), on: T()) { try $0.delete(["q"]) }
  }

  static func itemNotFound<T: SectionSnapshotProtocol>(_ type: T.Type)
  where T.ItemIdentifier == String {
    let snapshot = U.make(type, U.standard)
    let error = SnapshotError.itemNotFound("q")
    U.expectError(error, on: snapshot) { _ = try $0.isExpanded("q") }
    U.expectError(error, on: snapshot) { _ = try $0.isVisible("q") }
    U.expectError(error, on: snapshot) { _ = try $0.level(of: "q") }
    U.expectError(error, on: snapshot) { _ = try $0.parent(of: "q") }
    U.expectError(error, on: T()) { _ = try $0.parent(of: "q") }
  }
}
