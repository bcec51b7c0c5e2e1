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
    result.nameUserTypes(
      UserSnapshot.self, UserSection.self, UserDiffer.self, identifiers: Map.self)
    return result
  }
}

extension Implementation {
  /// An implementation with a data source whose identifiers are `Map`'s:
  /// as `mapped(name:snapshot:sectionSnapshot:identifiers:misuse:differ:)`,
  /// and the data source behind `MappedDataSource` (its snapshots, section
  /// snapshots, handlers and transactions translated); rendered
  /// data-source tests drive the user's data source with the user's
  /// literals. With `.traps` or `.unspecified`, the data source is never
  /// handed a call the reference model rejects either.
  ///
  /// ```swift
  /// let mine = Implementation.mapped(
  ///   name: "mine", snapshot: MySnapshot<String, String>.self,
  ///   sectionSnapshot: MySectionSnapshot<String>.self,
  ///   dataSource: MyDataSource<String, String>.self,
  ///   identifiers: StringIdentifiers.self, misuse: .traps) { MyDiffer() }
  /// ```
  ///
  /// - Parameters:
  ///   - name: a short name for reports.
  ///   - snapshot: the user's full snapshot type.
  ///   - sectionSnapshot: the user's section snapshot type.
  ///   - dataSource: the user's data source type (it may use other
  ///     snapshot types than `snapshot`, with the same identifiers).
  ///   - identifiers: the mapping from the catalog's ids.
  ///   - misuse: how the snapshot types and the data source react to calls
  ///     Apple rejects.
  ///   - differ: makes the user's differ.
  public static func mapped<UserSnapshot, UserSection, UserDiffer, UserDataSource, Map>(
    name: String, snapshot: UserSnapshot.Type, sectionSnapshot: UserSection.Type,
    dataSource: UserDataSource.Type, identifiers: Map.Type, misuse: MisuseBehavior = .throws,
    differ: @escaping @Sendable () -> UserDiffer
  ) -> Implementation
  where
    Snapshot == MappedSnapshot<UserSnapshot, Map>,
    SectionSnapshot == MappedSectionSnapshot<UserSection, Map>,
    Differ == MappedDiffer<UserDiffer, Map>, UserDiffer.Snapshot == UserSnapshot,
    DataSource == MappedDataSource<UserDataSource, Map>,
    UserDataSource.Section == Map.Section, UserDataSource.Item == Map.Item
  {
    var result = Implementation(
      name: name, dataSource: DataSource.self, misuse: misuse
    ) { MappedDiffer(differ()) }
    result.nameUserTypes(
      UserSnapshot.self, UserSection.self, UserDiffer.self, identifiers: Map.self)
    result.dataSourceTypeName = String(describing: UserDataSource.self)
    result.dataSourceSnapshotTypeName = String(describing: UserDataSource.Snapshot.self)
    result.dataSourceSectionSnapshotTypeName = String(
      describing: UserDataSource.SectionSnapshot.self)
    result.terms.note(UserDataSource.self, as: result.dataSourceTypeName)
    result.terms.note(UserDataSource.Snapshot.self, as: result.dataSourceSnapshotTypeName)
    result.terms.note(
      UserDataSource.SectionSnapshot.self, as: result.dataSourceSectionSnapshotTypeName)
    return result
  }

  /// Names the user's types and identifiers in rendered tests.
  mutating func nameUserTypes<UserSnapshot, UserSection, UserDiffer, Map: IdentifierMapping>(
    _ snapshot: UserSnapshot.Type, _ sectionSnapshot: UserSection.Type, _ differ: UserDiffer.Type,
    identifiers: Map.Type
  ) {
    snapshotTypeName = String(describing: UserSnapshot.self)
    sectionSnapshotTypeName = String(describing: UserSection.self)
    differTypeName = String(describing: UserDiffer.self)
    differExpression = SwiftCode.expression(making: UserDiffer.self, named: differTypeName)
    self.identifiers = Map.self
    terms = UserTerms()
    terms.note(UserSnapshot.self, as: snapshotTypeName)
    terms.note(UserSection.self, as: sectionSnapshotTypeName)
    terms.note(UserDiffer.self, as: differTypeName)
    terms.noteIdentifiers(Map.Section.self, Map.Item.self)
  }
}
