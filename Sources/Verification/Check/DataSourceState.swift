import Generators
import SnapshotCore
import SnapshotModel

/// The reference data source, with what the runner keeps beside it: the
/// log of its handler calls, and the sections whose stored tree a full
/// apply rebased or dropped (how is the spec's rule, B.5: Apple's is
/// unconfirmed), which a property of decided behaviour neither compares
/// nor acts on until the next `apply(_:to:)` of the section.
struct DataSourceReference {
  var model = ModelDataSource<Int, Int>()
  var undecided: Set<Int> = []
}

/// What a data-source call returned, compared between the reference and
/// the implementation: the kind of outcome, the handler calls it made
/// (when compared), a drag's transaction (when compared). Changesets are
/// the implementation's own: their rules are audited, not compared.
struct DataSourceReturn: Equatable {
  /// The kind of outcome.
  enum Kind: String, Equatable {
    case applied, expanded, collapsed, vetoed, ignored, reordered, refused
  }

  var kind: Kind
  var log: [HandlerCall]
  var transaction: TransactionState?
  /// What the call returned, for the rules audited on it (never
  /// compared: a changeset is the implementation's own).
  var outcome: DataSourceOutcome?

  static func == (lhs: DataSourceReturn, rhs: DataSourceReturn) -> Bool {
    (lhs.kind, lhs.log, lhs.transaction) == (rhs.kind, rhs.log, rhs.transaction)
  }
}

/// A drag's transaction as a value: the global difference, and per section
/// its visible rows before and after with their difference.
struct TransactionState: Equatable {
  /// One change of a `CollectionDifference<Int>`.
  struct Change: Equatable {
    var inserts: Bool
    var offset: Int
    var element: Int
    var associated: Int?
  }

  /// One section transaction.
  struct Section: Equatable {
    var id: Int
    var before: [Int]
    var after: [Int]
    var difference: [Change]
  }

  var initial: [Int]
  var final: [Int]
  var difference: [Change]
  var sections: [Section]

  init<S: SnapshotProtocol<Int, Int>, T: SectionSnapshotProtocol<Int>>(
    _ transaction: Transaction<S, T>
  ) {
    initial = transaction.initialSnapshot.itemIdentifiers
    final = transaction.finalSnapshot.itemIdentifiers
    difference = Self.changes(transaction.difference)
    sections = transaction.sectionTransactions.map {
      Section(
        id: $0.sectionIdentifier, before: $0.initialSnapshot.visibleItems,
        after: $0.finalSnapshot.visibleItems, difference: Self.changes($0.difference))
    }
  }

  static func changes(_ difference: CollectionDifference<Int>) -> [Change] {
    difference.map { change in
      switch change {
      case .insert(let offset, let element, let associated):
        return Change(inserts: true, offset: offset, element: element, associated: associated)
      case .remove(let offset, let element, let associated):
        return Change(inserts: false, offset: offset, element: element, associated: associated)
      }
    }
  }

  /// The transaction in the user's literals.
  func text(_ literals: Literals) -> String {
    func changes(_ list: [Change]) -> String {
      list.map {
        ($0.inserts ? "+" : "-") + literals.item($0.element) + "@\($0.offset)"
          + ($0.associated.map { ($0 >= 0 ? "~" : "") + "\($0)" } ?? "")
      }.joined(separator: " ")
    }
    var lines = [
      "\(literals.items(initial)) → \(literals.items(final)): \(changes(difference))"
    ]
    lines += sections.map {
      "section \(literals.section($0.id)): \(literals.items($0.before)) → \(literals.items($0.after)): "
        + changes($0.difference)
    }
    return lines.joined(separator: "\n")
  }
}

/// What a data source shows, as one `Equatable` value: `snapshot()`'s
/// layout, and `snapshot(for:)` of every section id of the universe (those
/// the reference leaves undecided excepted).
struct DataSourceState: Equatable {
  /// `snapshot(for:)` of one section id.
  struct Tree: Equatable {
    var section: Int
    var state: SectionState
  }

  var sections: [Int]
  var items: [[Int]]
  /// The trees of the section ids read, in increasing id order (both sides
  /// read the same ids).
  var trees: [Tree]

  /// The layout in the user's literals.
  func layoutText(_ literals: Literals) -> String {
    let parts = zip(sections, items).map { "\(literals.section($0)): \(literals.items($1))" }
    return parts.isEmpty ? "(no sections)" : parts.joined(separator: " | ")
  }

  /// The observables on which `actual` differs from `self` (the
  /// reference's), the layout first; the expectations name the data source
  /// `d`.
  func divergences(from actual: DataSourceState, _ literals: Literals) -> [Divergence] {
    guard self != actual else { return [] }
    var found: [Divergence] = []
    if sections != actual.sections || items != actual.items {
      found.append(
        Divergence(
          observable: "snapshot()", expected: layoutText(literals),
          actual: actual.layoutText(literals),
          expectations: [
            "#expect(d.snapshot().sectionIdentifiers == \(literals.sections(sections)))"
          ]
            + zip(sections, items).map {
              "#expect(try d.snapshot().itemIdentifiers(inSection: \(literals.section($0))) == \(literals.items($1)))"
            }))
    }
    for (mine, theirs) in zip(trees, actual.trees) where mine != theirs {
      let id = mine.section
      let section = literals.section(id)
      let tree = "tree\(id)"
      found += mine.state.divergences(from: theirs.state, literals, variable: tree).map {
        divergence in
        var scoped = divergence
        scoped.observable = "snapshot(for: \(section)) \(divergence.observable)"
        scoped.expectations =
          divergence.expectations.isEmpty
          ? [] : ["let \(tree) = d.snapshot(for: \(section))"] + divergence.expectations
        return scoped
      }
    }
    return found
  }
}
