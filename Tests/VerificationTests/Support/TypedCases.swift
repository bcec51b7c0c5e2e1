import Generators
import SnapshotCore
import SnapshotEngine
import TestSupport

@testable import Verification

/// Test-only access to an erased property's cases by their type: check or
/// render a hand-written case, or generate one and read it back.
extension AnyProperty {
  /// The verdict on `value`, a case of this property's type (a case of
  /// another type is a discard).
  func check<Case: Encodable>(_ value: Case, context: CheckContext = .none) -> PropertyResult {
    check(described(value), context: context).verdict
  }

  /// The Swift test rendered for `value`, with `failure` when it failed.
  func render<Case: Encodable>(_ value: Case, failure: Failure? = nil) -> String {
    swiftTest(for: described(value), failure: failure)
  }

  /// The histogram samples of `value`.
  func observations<Case: Encodable>(of value: Case) -> [Observation] {
    described(value).observations
  }

  /// `value` as a case of this property, with its labels and
  /// observations, as a corpus script decodes (an undecodable value is a
  /// case with no value: a discard).
  func described<Case: Encodable>(_ value: Case) -> GeneratedCase {
    guard let json = try? JSONValue.encoding(value),
      let generated = try? decode(script: json, file: "")
    else { return GeneratedCase(choices: [], spans: [], value: nil, discardReason: "undecodable") }
    return generated
  }

  /// The case `source` decodes to, as `Case`, or `nil` when it decodes to
  /// none or to a case of another type.
  func generated<Case>(_ type: Case.Type, _ source: ChoiceSource) -> Case? {
    generate(source).value as? Case
  }
}

extension Catalog {
  /// The property named `name` of `implementation`'s catalog (contracts
  /// included), if it runs.
  static func property<S, SS, D, DS>(
    named name: String, for implementation: Implementation<S, SS, D, DS>,
    families: [Family] = Family.allCases
  ) -> AnyProperty? {
    properties(for: implementation, families: families, includeContracts: true)
      .first { $0.name == name }
  }
}

extension PropertyResult {
  /// The message of the most severe failure, `nil` unless it failed.
  var failureMessage: String? { failures.first?.message }
}

/// The catalog's differential properties for one planted type, the rest
/// of the implementation the engine's (or the reference's data source).
enum Differentials {
  /// `full.differential` for the full snapshot `type`.
  static func full<S: SnapshotProtocol<Int, Int>>(_ type: S.Type) -> AnyProperty {
    let implementation = Implementation(
      name: String(describing: type), snapshot: type,
      sectionSnapshot: EngineSectionSnapshot<Int>.self
    ) { LayoutDiffer<S>() }
    return Catalog.property(named: "full.differential", for: implementation, families: [.full])!
  }

  /// `section.differential` for the section snapshot `type`.
  static func section<T: SectionSnapshotProtocol<Int>>(_ type: T.Type) -> AnyProperty {
    let implementation = Implementation(
      name: String(describing: type), snapshot: EngineSnapshot<Int, Int>.self,
      sectionSnapshot: type
    ) { EngineDiffer<Int, Int>() }
    return Catalog.property(
      named: "section.differential", for: implementation, families: [.section])!
  }

  /// `datasource.differential` for the data source `type`.
  static func dataSource<D: DataSourceProtocol>(_ type: D.Type) -> AnyProperty
  where D.Section == Int, D.Item == Int {
    let implementation = Implementation(
      name: String(describing: type), snapshot: EngineSnapshot<Int, Int>.self,
      sectionSnapshot: EngineSectionSnapshot<Int>.self, dataSource: type
    ) { EngineDiffer<Int, Int>() }
    return Catalog.property(
      named: "datasource.differential", for: implementation, families: [.datasource])!
  }
}

extension FullScript {
  /// The verdict of `full.differential` on this script for `type`.
  func differential<S: SnapshotProtocol<Int, Int>>(against type: S.Type)
    -> PropertyResult
  { Differentials.full(type).check(self) }
}

extension SectionScript {
  /// The verdict of `section.differential` on this script for `type`.
  func differential<T: SectionSnapshotProtocol<Int>>(against type: T.Type)
    -> PropertyResult
  { Differentials.section(type).check(self) }
}
