import SnapshotCore

/// A data source with the catalog's `Int` identifiers over a user's data
/// source `Base`, whose identifiers are `Map`'s: every call, argument,
/// answer, handler call and transaction is translated on the way in and
/// out, and nothing else (which calls the user's type is handed is the
/// catalog's runner's to decide, by the misuse policy).
public struct MappedDataSource<Base: DataSourceProtocol, Map: IdentifierMapping>:
  DataSourceProtocol
where Base.Section == Map.Section, Base.Item == Map.Item {
  /// The full snapshot type the catalog sees.
  public typealias Snapshot = MappedSnapshot<Base.Snapshot, Map>
  /// The section snapshot type the catalog sees.
  public typealias SectionSnapshot = MappedSectionSnapshot<Base.SectionSnapshot, Map>

  /// The data source under test.
  public internal(set) var base: Base
  private var catalogSectionHandlers = SectionSnapshotHandlers<SectionSnapshot>()
  private var catalogReorderingHandlers = ReorderingHandlers<Snapshot, SectionSnapshot>()

  /// An empty data source with no handlers.
  public init() { base = Base() }

  /// The handlers as the catalog installed them; `base` runs them with its
  /// own ids translated.
  public var sectionSnapshotHandlers: SectionSnapshotHandlers<SectionSnapshot> {
    get { catalogSectionHandlers }
    set {
      catalogSectionHandlers = newValue
      func ask(_ question: ((Int) -> Bool)?) -> ((Base.Item) -> Bool)? {
        question.map { ask in { ask(Map.number(ofItem: $0)) } }
      }
      func tell(_ handler: ((Int) -> Void)?) -> ((Base.Item) -> Void)? {
        handler.map { run in { run(Map.number(ofItem: $0)) } }
      }
      base.sectionSnapshotHandlers = SectionSnapshotHandlers(
        shouldExpandItem: ask(newValue.shouldExpandItem),
        willExpandItem: tell(newValue.willExpandItem),
        shouldCollapseItem: ask(newValue.shouldCollapseItem),
        willCollapseItem: tell(newValue.willCollapseItem),
        snapshotForExpandingParent: newValue.snapshotForExpandingParent.map { load in
          { item, children in
            load(Map.number(ofItem: item), SectionSnapshot(base: children)).base
          }
        })
    }
  }

  /// The handlers as the catalog installed them; `base` runs them with its
  /// own ids and transactions translated.
  public var reorderingHandlers: ReorderingHandlers<Snapshot, SectionSnapshot> {
    get { catalogReorderingHandlers }
    set {
      catalogReorderingHandlers = newValue
      base.reorderingHandlers = ReorderingHandlers(
        canReorderItem: newValue.canReorderItem.map { ask in { ask(Map.number(ofItem: $0)) } },
        willReorder: newValue.willReorder.map { run in { run(Self.catalogTransaction($0)) } },
        didReorder: newValue.didReorder.map { run in { run(Self.catalogTransaction($0)) } })
    }
  }

  /// `base`'s setting.
  public var contentUpdateStyle: ContentUpdateStyle {
    get { base.contentUpdateStyle }
    set { base.contentUpdateStyle = newValue }
  }

  /// `base`'s snapshot, translated.
  public func snapshot() -> Snapshot { Snapshot(base: base.snapshot()) }

  /// `base`'s section snapshot of `section`, translated.
  public func snapshot(for section: Int) -> SectionSnapshot {
    SectionSnapshot(base: base.snapshot(for: Map.section(section)))
  }

  /// `base`'s apply, the snapshot and content map translated (changesets
  /// are index-based: nothing to translate back).
  public mutating func apply(_ snapshot: Snapshot, contents: ContentMap<Int>) -> Changeset {
    var mapped: ContentMap<Base.Item> = [:]
    for (item, value) in contents { mapped[Map.item(item)] = value }
    return base.apply(snapshot.base, contents: mapped)
  }

  /// `base`'s section apply, translated.
  public mutating func apply(_ sectionSnapshot: SectionSnapshot, to section: Int) -> Changeset {
    base.apply(sectionSnapshot.base, to: Map.section(section))
  }

  /// `base`'s toggle, translated.
  /// - Throws: `base`'s error, its ids translated back.
  public mutating func userToggle(_ item: Int, in section: Int) throws(SnapshotError)
    -> ToggleOutcome
  {
    do throws(SnapshotError) {
      return try base.userToggle(Map.item(item), in: Map.section(section))
    } catch {
      throw Map.catalogError(error)
    }
  }

  /// `base`'s drag, translated.
  /// - Throws: `base`'s error, its ids translated back.
  public mutating func userReorder(from source: ItemPath, to destination: ItemPath)
    throws(SnapshotError) -> Transaction<Snapshot, SectionSnapshot>?
  {
    do throws(SnapshotError) {
      return try base.userReorder(from: source, to: destination).map(Self.catalogTransaction)
    } catch {
      throw Map.catalogError(error)
    }
  }

  /// A transaction of `base`'s with the catalog's ids and types.
  static func catalogTransaction(_ transaction: Transaction<Base.Snapshot, Base.SectionSnapshot>)
    -> Transaction<Snapshot, SectionSnapshot>
  {
    Transaction(
      initialSnapshot: Snapshot(base: transaction.initialSnapshot),
      finalSnapshot: Snapshot(base: transaction.finalSnapshot),
      difference: transaction.difference.mappingElements(Map.number(ofItem:)),
      sectionTransactions: transaction.sectionTransactions.map {
        SectionTransaction(
          sectionIdentifier: Map.number(ofSection: $0.sectionIdentifier),
          initialSnapshot: SectionSnapshot(base: $0.initialSnapshot),
          finalSnapshot: SectionSnapshot(base: $0.finalSnapshot),
          difference: $0.difference.mappingElements(Map.number(ofItem:)))
      })
  }
}
