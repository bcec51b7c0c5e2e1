import SnapshotCore

/// A data source with the catalog's `Int` identifiers and snapshot types
/// over a user's data source `Base`, as `Adapter` translates them: every
/// call, argument, answer, handler call and transaction is translated on
/// the way in and out; a call `Adapter` finds rejected by the reference
/// model is never handed to `Base` (its error is thrown instead and `Base`
/// is left as it was).
public struct AdaptedDataSource<Adapter: DataSourceAdapter>: DataSourceProtocol {
  /// The full snapshot type the catalog sees.
  public typealias Snapshot = Adapter.Snapshot
  /// The section snapshot type the catalog sees.
  public typealias SectionSnapshot = Adapter.SectionSnapshot

  /// The data source under test.
  public internal(set) var base: Adapter.Base
  private var catalogSectionHandlers = SectionSnapshotHandlers<SectionSnapshot>()
  private var catalogReorderingHandlers = ReorderingHandlers<Snapshot, SectionSnapshot>()
  /// What the lazy-children handler installed on `base` learns during one
  /// `userToggle` (shared by copies; used only within one call).
  private let expanding = ExpandingNote<Adapter.Base.SectionSnapshot>()

  /// An empty data source with no handlers.
  public init() { base = Adapter.Base() }

  /// The handlers as the catalog installed them; `base` runs them with its
  /// own ids translated.
  public var sectionSnapshotHandlers: SectionSnapshotHandlers<SectionSnapshot> {
    get { catalogSectionHandlers }
    set {
      catalogSectionHandlers = newValue
      base.sectionSnapshotHandlers = Self.baseHandlers(newValue, note: expanding)
    }
  }

  /// The handlers as the catalog installed them; `base` runs them with its
  /// own ids and transactions translated.
  public var reorderingHandlers: ReorderingHandlers<Snapshot, SectionSnapshot> {
    get { catalogReorderingHandlers }
    set {
      catalogReorderingHandlers = newValue
      base.reorderingHandlers = ReorderingHandlers(
        canReorderItem: newValue.canReorderItem.map { ask in { ask(Adapter.number(ofItem: $0)) } },
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
  public func snapshot() -> Snapshot { Adapter.adapted(base.snapshot()) }

  /// `base`'s section snapshot of `section`, translated.
  public func snapshot(for section: Int) -> SectionSnapshot {
    Adapter.adapted(base.snapshot(for: Adapter.section(section)))
  }

  /// `base`'s apply, the snapshot and content map translated (changesets
  /// are index-based: nothing to translate back).
  public mutating func apply(_ snapshot: Snapshot, contents: ContentMap<Int>) -> Changeset {
    var mapped: ContentMap<Adapter.Base.Item> = [:]
    for (item, value) in contents { mapped[Adapter.item(item)] = value }
    return base.apply(Adapter.base(of: snapshot), contents: mapped)
  }

  /// `base`'s section apply, translated.
  public mutating func apply(_ sectionSnapshot: SectionSnapshot, to section: Int) -> Changeset {
    base.apply(Adapter.base(of: sectionSnapshot), to: Adapter.section(section))
  }

  /// `base`'s toggle, translated. When the lazy children the handler
  /// returns are ones the reference model rejects, `base` is handed the
  /// item's current children instead, then restored, and the model's error
  /// is thrown.
  /// - Throws: the model's (or `base`'s translated) error.
  public mutating func userToggle(_ item: Int, in section: Int) throws(SnapshotError)
    -> ToggleOutcome
  {
    let saved = base
    expanding.tree = base.snapshot(for: Adapter.section(section))
    expanding.rejection = nil
    defer { expanding.tree = nil }
    let outcome: ToggleOutcome
    do throws(SnapshotError) {
      outcome = try base.userToggle(Adapter.item(item), in: Adapter.section(section))
    } catch {
      throw Adapter.catalogError(error)
    }
    if let rejection = expanding.rejection {
      base = saved
      throw rejection
    }
    return outcome
  }

  /// `base`'s drag, translated; a drag the model rejects is not handed to
  /// `base`, unless drags are declared `.ignores` (`MisusePolicy.current`):
  /// then `base` is handed it and must return no transaction and change
  /// nothing, and the model's error is thrown in its place. A transaction
  /// or a change is passed on as `base`'s answer, so it diverges from the
  /// reference's rejection.
  /// - Throws: the model's (or `base`'s translated) error.
  public mutating func userReorder(from source: ItemPath, to destination: ItemPath)
    throws(SnapshotError) -> Transaction<Snapshot, SectionSnapshot>?
  {
    if let rejection = Adapter.rejection(reordering: source, to: destination, on: base) {
      guard MisusePolicy.current.behavior(for: .dataSourceActions) == .ignores else {
        throw rejection
      }
      let before = observedRows
      let transaction: Transaction<Snapshot, SectionSnapshot>?
      do throws(SnapshotError) {
        transaction = try base.userReorder(from: source, to: destination).map(
          Self.catalogTransaction)
      } catch {
        throw Adapter.catalogError(error)
      }
      if transaction == nil, observedRows == before { throw rejection }
      return transaction
    }
    do throws(SnapshotError) {
      return try base.userReorder(from: source, to: destination).map(Self.catalogTransaction)
    } catch {
      throw Adapter.catalogError(error)
    }
  }
}

extension AdaptedDataSource {
  /// Every section's items and visible rows, as the catalog sees them:
  /// what an ignored drag must leave as it was.
  var observedRows: [[Int]] {
    snapshot().sectionIdentifiers.flatMap { section in
      let tree = snapshot(for: section)
      return [[section], tree.items, tree.visibleItems]
    }
  }
}
