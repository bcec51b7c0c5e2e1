import SnapshotCore

/// A wrapper of ours around the user's types (a guard, an identifier
/// mapping): it checks itself, so that a fault of our layer is reported as
/// ours and never put on the implementation (issue 18).
protocol OurLayer {
  /// Our layer's own problems, as sentences (empty when sound).
  static var ourLayerProblems: [String] { get }
}

/// A guard of ours that can say it rejected the last call itself (its
/// mirror threw, so the implementation was not called).
protocol GuardReporting {
  /// Whether the last mutation was rejected by the guard's mirror.
  var rejectedLastCall: Bool { get }
}

extension GuardedSnapshot: OurLayer, GuardReporting, MirroringGuard {
  static var ourLayerProblems: [String] { OurLayerCheck.problems(of: Base.self) }
}

extension GuardedSectionSnapshot: OurLayer, GuardReporting, MirroringGuard {
  static var ourLayerProblems: [String] { OurLayerCheck.problems(of: Base.self) }
}

extension MappedSnapshot: OurLayer {
  static var ourLayerProblems: [String] { Map.mappingProblems() }
}

extension MappedSectionSnapshot: OurLayer {
  static var ourLayerProblems: [String] { Map.mappingProblems() }
}

extension IdentifierMapping {
  /// Where the mapping is not one-to-one over the ids the catalog uses
  /// (`0..<40`, the universes and one id outside): two ids mapped to one
  /// user id, or an id that does not map
  /// back to itself.
  static func mappingProblems(upTo count: Int = 40) -> [String] {
    var problems: [String] = []
    for id in 0..<count {
      let section = number(ofSection: self.section(id))
      if section != id {
        problems.append(
          "section \(id) maps to \(String(reflecting: self.section(id))), which maps back to \(section)"
        )
      }
      let item = number(ofItem: self.item(id))
      if item != id {
        problems.append(
          "item \(id) maps to \(String(reflecting: self.item(id))), which maps back to \(item)")
      }
    }
    return problems
  }
}

/// The checks of our own layer that run before a property judges the
/// implementation.
enum OurLayerCheck {
  /// The problems of `type`'s layers of ours (none for a user's own type).
  static func problems<T>(of type: T.Type) -> [String] {
    (type as? any OurLayer.Type)?.ourLayerProblems ?? []
  }

  /// A failure naming our layer when `type`'s wrappers of ours are
  /// unsound; `nil` when they are sound.
  static func verdict<T>(_ type: T.Type) -> PropertyResult? {
    let problems = problems(of: type)
    guard !problems.isEmpty else { return nil }
    return .fail(
      message: "our layer, not \(T.self): identifier mapping is not one-to-one: "
        + problems.prefix(3).joined(separator: "; "),
      expected: "a one-to-one identifier mapping", actual: problems.joined(separator: "\n"))
  }

  /// A failure naming our guard when it rejected a call the reference
  /// accepted (`expected` succeeded; the guarded `candidate`'s mirror threw).
  static func guardVerdict<T, E, A>(
    _ candidate: T, expected: Result<E, SnapshotError>, actual: Result<A, SnapshotError>,
    call: String, left: String, right: String
  ) -> PropertyResult? {
    guard case .success = expected, case .failure = actual,
      (candidate as? any GuardReporting)?.rejectedLastCall == true
    else { return nil }
    return .fail(
      message: "\(call): our guard, not the implementation, rejected a call the reference accepts",
      expected: left, actual: right)
  }
}
