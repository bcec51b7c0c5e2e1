import Generators
import SnapshotCore

extension CatalogBuilder {
  /// `full.engineQueries`, when the candidate's full snapshot has the
  /// engine's extra API (`ExtendedSnapshotProtocol`).
  ///
  /// (`engineOnlyNames` lists these properties of the three families.)
  var fullEngineProperties: [any VisitableProperty] {
    guard let type = Snapshot.self as? any ExtendedSnapshotProtocol.Type else { return [] }
    return [fullEngineQueries(type)]
  }

  /// `section.engineQueries`, when the candidate's section snapshot has the
  /// engine's extra queries (`ExtendedSectionSnapshotProtocol`).
  var sectionEngineProperties: [any VisitableProperty] {
    guard let type = SectionSnapshot.self as? any ExtendedSectionSnapshotProtocol.Type else {
      return []
    }
    return [sectionEngineQueries(type)]
  }

  /// `diff.storedContents`, when the candidate's full snapshot can store
  /// contents (`ExtendedSnapshotProtocol`).
  var diffEngineProperties: [any VisitableProperty] {
    guard let type = Snapshot.self as? any ExtendedSnapshotProtocol.Type else { return [] }
    return [diffStoredContents(type)]
  }

  /// `full.engineQueries` (contract): after every command of a random
  /// script, `indexPath(of:)` and `contains(item:)` answer what
  /// `itemPath(of:)` and `indexOfItem` derive for every id (present, absent
  /// and never used), `content(of:)` is `nil` (no content was stored), and
  /// `reserveCapacity` on a copy changes neither the copy's state nor the
  /// original, and a snapshot rebuilt from its arrays (after a diff, for
  /// the engine, so the rebuild takes its sections) holds the same layout
  /// and answers the same.
  func fullEngineQueries<E: ExtendedSnapshotProtocol>(_ type: E.Type) -> any VisitableProperty {
    let universe = Self.fullUniverse
    let typeName = implementation.snapshotTypeName
    return Property(
      "full.engineQueries",
      generator: FullScript.generator(maxCommands: 30, universe: universe, invalidShare: 0.15),
      coverage: [
        .cover(minimumShare: 0.15, "cross-section move"),
        .cover(minimumShare: 0.1, "empty argument"),
      ],
      labels: { $0.catalogLabels },
      observations: { $0.observations },
      render: { $0.engineQueriesSwiftTest(candidate: typeName, universe: universe) },
      check: { $0.engineQueries(E.self, universe: universe) }
    ).tagged(.contract)
  }

  /// `section.engineQueries` (contract): after every command of a random
  /// script, `count` is `items.count`, `children(of: nil)` is `rootItems`,
  /// and `children(of:)` of every id lists the items whose parent it is, in
  /// order, or throws as `parent(of:)` does for an absent id.
  func sectionEngineQueries<E: ExtendedSectionSnapshotProtocol>(_ type: E.Type)
    -> any VisitableProperty
  {
    let universe = Self.sectionUniverse
    let typeName = implementation.sectionSnapshotTypeName
    return Property(
      "section.engineQueries",
      generator: Self.sectionScripts,
      coverage: [
        .cover(minimumShare: 0.1, "replace(childrenOf:using:)"),
        .cover(minimumShare: 0.1, "empty argument"),
      ],
      labels: { $0.catalogLabels },
      observations: { $0.observations },
      render: { $0.engineQueriesSwiftTest(candidate: typeName, universe: universe) },
      check: { $0.engineQueries(E.self, universe: universe) }
    ).tagged(.contract)
  }

  /// `diff.storedContents` (contract): old and new rebuilt with
  /// `reserveCapacity` and `appendItems(_:contents:toSection:)` (the
  /// contents the case's content maps hold) keep their state and answer
  /// `content(of:)` with what was stored; the differ's stages over them
  /// without maps equal its stages over the plain snapshots with the maps,
  /// pass the round-trip and exact-refresh audits; a side without stored
  /// contents compares no content; the new layout built with mixed appends
  /// (a first section without contents, an item deleted and appended again)
  /// stores exactly the contents it was given, and keeps them through an
  /// insert, a move and a two-item delete inside a section with contents
  /// (inserted and moved items have none); and two more pairs from the
  /// stored old snapshot pass the same audits, diffed without maps: a copy
  /// of it edited by the script's commands with the changed items
  /// appended again with a new content (a derived snapshot), and its
  /// layout rebuilt from the arrays with the new contents. The cases draw
  /// from up to 90 items in 3 sections (`storedContentsUniverse`), so that
  /// sections outgrow one chunk of the engine's storage and the derived
  /// copy shares chunks with the old snapshot.
  func diffStoredContents<E: ExtendedSnapshotProtocol>(_ type: E.Type) -> any VisitableProperty {
    let implementation = implementation
    return Property(
      "diff.storedContents", generator: DiffCase.generator(universe: Self.storedContentsUniverse),
      coverage: Self.diffCoverage,
      labels: { $0.labels },
      observations: { $0.script.observations },
      render: { $0.storedContentsSwiftTest(implementation: implementation) },
      check: { diffCase in
        // `E` is `Snapshot`, so the cast only recovers the differ's type.
        guard let differ = implementation.makeDiffer() as? any DifferProtocol<E> else {
          return .fail(message: "the differ does not diff \(E.self)")
        }
        return diffCase.storedContentsVerdict(differ)
      }
    ).tagged(.contract)
  }
}

extension CatalogBuilder {
  /// The identifiers of `diff.storedContents` cases: sections of more than
  /// 32 items are common (the engine stores a section that long in chunks
  /// once a copy of it is edited).
  static var storedContentsUniverse: FullScript.Universe {
    FullScript.Universe(sections: 3, items: 90)
  }

  /// The names of the properties of the engine's extra API (empty for an
  /// implementation without it).
  var engineOnlyNames: Set<String> {
    Set((fullEngineProperties + sectionEngineProperties + diffEngineProperties).map(\.name))
  }
}
