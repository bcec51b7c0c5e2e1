import SnapshotCore

extension AdaptedDataSource {
  /// The catalog's section handlers as `base` runs them: ids and section
  /// snapshots translated; lazy children the reference model rejects are
  /// noted in `note` and replaced by the item's current children.
  static func baseHandlers(
    _ handlers: SectionSnapshotHandlers<SectionSnapshot>,
    note: ExpandingNote<Adapter.Base.SectionSnapshot>
  ) -> SectionSnapshotHandlers<Adapter.Base.SectionSnapshot> {
    func ask(_ question: ((Int) -> Bool)?) -> ((Adapter.Base.Item) -> Bool)? {
      question.map { ask in { ask(Adapter.number(ofItem: $0)) } }
    }
    func tell(_ handler: ((Int) -> Void)?) -> ((Adapter.Base.Item) -> Void)? {
      handler.map { run in { run(Adapter.number(ofItem: $0)) } }
    }
    return SectionSnapshotHandlers(
      shouldExpandItem: ask(handlers.shouldExpandItem),
      willExpandItem: tell(handlers.willExpandItem),
      shouldCollapseItem: ask(handlers.shouldCollapseItem),
      willCollapseItem: tell(handlers.willCollapseItem),
      snapshotForExpandingParent: handlers.snapshotForExpandingParent.map { load in
        { item, children in
          let loaded = Adapter.base(
            of: load(Adapter.number(ofItem: item), Adapter.adapted(children)))
          guard let tree = note.tree,
            let rejection = Adapter.rejection(replacingChildrenOf: item, in: tree, with: loaded)
          else { return loaded }
          note.rejection = rejection
          return children
        }
      })
  }

  /// `base`'s transaction with the catalog's ids and snapshot types.
  static func catalogTransaction(
    _ transaction: Transaction<Adapter.Base.Snapshot, Adapter.Base.SectionSnapshot>
  ) -> Transaction<Snapshot, SectionSnapshot> {
    Transaction(
      initialSnapshot: Adapter.adapted(transaction.initialSnapshot),
      finalSnapshot: Adapter.adapted(transaction.finalSnapshot),
      difference: transaction.difference.mappingElements(Adapter.number(ofItem:)),
      sectionTransactions: transaction.sectionTransactions.map {
        SectionTransaction(
          sectionIdentifier: Adapter.number(ofSection: $0.sectionIdentifier),
          initialSnapshot: Adapter.adapted($0.initialSnapshot),
          finalSnapshot: Adapter.adapted($0.finalSnapshot),
          difference: $0.difference.mappingElements(Adapter.number(ofItem:)))
      })
  }
}
