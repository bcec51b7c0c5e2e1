import SnapshotCore

/// Diffs mapped snapshots with `Base`'s differ on the user's identifiers,
/// and reports its stages with the catalog's `Int` identifiers.
public struct MappedDiffer<Base: DifferProtocol, Map: IdentifierMapping>: DifferProtocol
where Base.Snapshot.SectionIdentifier == Map.Section, Base.Snapshot.ItemIdentifier == Map.Item {
  /// The differ under test.
  public var base: Base

  /// Wraps `base`.
  public init(_ base: Base) {
    self.base = base
  }

  /// `base`'s changeset between the wrapped snapshots (index-based, so
  /// nothing to translate).
  public func changeset(
    from old: MappedSnapshot<Base.Snapshot, Map>, to new: MappedSnapshot<Base.Snapshot, Map>,
    options: DiffOptions<Int>
  ) -> Changeset {
    base.changeset(from: old.base, to: new.base, options: Self.options(options))
  }

  /// `base`'s stages, their data translated to the catalog's ids.
  public func stagedChangeset(
    from old: MappedSnapshot<Base.Snapshot, Map>, to new: MappedSnapshot<Base.Snapshot, Map>,
    options: DiffOptions<Int>
  ) -> StagedChangeset<Int, Int> {
    let staged = base.stagedChangeset(from: old.base, to: new.base, options: Self.options(options))
    return StagedChangeset(
      stages: staged.stages.map { stage in
        .init(
          batch: stage.batch, sections: stage.sections.map(Map.number(ofSection:)),
          items: stage.items.map { $0.map(Map.number(ofItem:)) })
      })
  }

  private static func options(_ options: DiffOptions<Int>) -> DiffOptions<Map.Item> {
    func content(_ map: ContentMap<Int>) -> ContentMap<Map.Item> {
      var result: ContentMap<Map.Item> = [:]
      for (item, value) in map { result[Map.item(item)] = value }
      return result
    }
    return DiffOptions(
      oldContent: content(options.oldContent), newContent: content(options.newContent),
      contentUpdate: options.contentUpdate)
  }
}

extension MappedDiffer: Sendable where Base: Sendable {}
