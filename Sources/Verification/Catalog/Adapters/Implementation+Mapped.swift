import SnapshotCore
import SnapshotModel

extension Implementation where DataSource == ModelDataSource<Int, Int> {
  /// An implementation whose identifiers are `Map`'s (`String`, `UUID`, a
  /// struct …) instead of `Int`: the catalog keeps drawing `Int` ids and
  /// translates them through `Map` (`MappedSnapshot`, `MappedSectionSnapshot`,
  /// `MappedDiffer`); rendered tests name the user's types and literals.
  ///
  /// ```swift
  /// let mine = Implementation.mapped(
  ///   name: "mine", snapshot: MySnapshot<String, String>.self,
  ///   sectionSnapshot: MySectionSnapshot<String>.self,
  ///   identifiers: StringIdentifiers.self, misuse: .traps) { MyDiffer() }
  /// ```
  ///
  /// - Parameters:
  ///   - name: a short name for reports.
  ///   - snapshot: the user's full snapshot type.
  ///   - sectionSnapshot: the user's section snapshot type.
  ///   - identifiers: the mapping from the catalog's ids.
  ///   - misuse: how the snapshot types react to calls Apple rejects.
  ///   - differ: makes the user's differ.
  public static func mapped<UserSnapshot, UserSection, UserDiffer, Map>(
    name: String, snapshot: UserSnapshot.Type, sectionSnapshot: UserSection.Type,
    identifiers: Map.Type, misuse: MisuseBehavior = .throws,
    differ: @escaping @Sendable () -> UserDiffer
  ) -> Implementation
  where
    Snapshot == MappedSnapshot<UserSnapshot, Map>,
    SectionSnapshot == MappedSectionSnapshot<UserSection, Map>,
    Differ == MappedDiffer<UserDiffer, Map>, UserDiffer.Snapshot == UserSnapshot
  {
    var result = Implementation(name: name, misuse: misuse) { MappedDiffer(differ()) }
    result.snapshotTypeName = String(describing: UserSnapshot.self)
    result.sectionSnapshotTypeName = String(describing: UserSection.self)
    result.differTypeName = String(describing: UserDiffer.self)
    result.renderIdentifiers = { IdentifierRendering<Map>.rewrite($0) }
    result.rewritesRenderedTests = true
    return result
  }
}
