import SnapshotCore
import Testing

/// Example tables for every full-snapshot operation (semantics part A),
/// generic over `SnapshotProtocol` so the same cases run against every
/// implementation: add one `@Test` line per example to a suite for it.
enum FullSnapshotExamples {
  private typealias F = FullSnapshotSupport

  // MARK: Queries (A.2)

  static func emptySnapshot<S: SnapshotProtocol>(_ type: S.Type)
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    let snapshot = S()
    #expect(snapshot.numberOfItems == 0)
    #expect(snapshot.numberOfSections == 0)
    #expect(snapshot.sectionIdentifiers == [])
    #expect(snapshot.itemIdentifiers == [])
    #expect(snapshot.reloadedItems == [])
    #expect(snapshot.reloadedSections == [])
    #expect(snapshot.reconfiguredItems == [])
    #expect(snapshot.indexOfItem("a") == nil)
    #expect(snapshot.indexOfSection("A") == nil)
    #expect(snapshot.sectionIdentifier(containingItem: "a") == nil)
    #expect(snapshot.invariantViolations() == [])
    #expect(snapshot == S())
  }

  static func counts<S: SnapshotProtocol>(_ type: S.Type) throws
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    let snapshot = F.make(type, "A:[a,b] B:[] C:[c,d,e]")
    #expect(snapshot.numberOfItems == 5)
    #expect(snapshot.numberOfSections == 3)
    #expect(try snapshot.numberOfItems(inSection: "A") == 2)
    #expect(try snapshot.numberOfItems(inSection: "B") == 0)
    #expect(try snapshot.numberOfItems(inSection: "C") == 3)
  }

  static func identifiers<S: SnapshotProtocol>(_ type: S.Type) throws
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    let snapshot = F.make(type, "B:[c,d] A:[b,a] C:[]")
    #expect(snapshot.sectionIdentifiers == ["B", "A", "C"])
    #expect(snapshot.itemIdentifiers == ["c", "d", "b", "a"])
    #expect(try snapshot.itemIdentifiers(inSection: "B") == ["c", "d"])
    #expect(try snapshot.itemIdentifiers(inSection: "A") == ["b", "a"])
    #expect(try snapshot.itemIdentifiers(inSection: "C") == [])
  }

  static func sectionContainingItem<S: SnapshotProtocol>(_ type: S.Type)
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    let snapshot = F.make(type, "A:[a,b] B:[c]")
    let table: [(String, String?)] = [("a", "A"), ("b", "A"), ("c", "B"), ("z", nil)]
    for (item, section) in table {
      #expect(snapshot.sectionIdentifier(containingItem: item) == section, "\(item)")
    }
  }

  /// `indexOfItem` is global: it counts across sections.
  static func indexOfItemIsGlobal<S: SnapshotProtocol>(_ type: S.Type)
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    let snapshot = F.make(type, "A:[a,b] B:[] C:[c,d]")
    let table: [(String, Int?)] = [("a", 0), ("b", 1), ("c", 2), ("d", 3), ("z", nil)]
    for (item, index) in table {
      #expect(snapshot.indexOfItem(item) == index, "\(item)")
    }
  }

  static func indexOfSection<S: SnapshotProtocol>(_ type: S.Type)
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    let snapshot = F.make(type, "B:[a] A:[] C:[]")
    let table: [(String, Int?)] = [("B", 0), ("A", 1), ("C", 2), ("a", nil)]
    for (section, index) in table {
      #expect(snapshot.indexOfSection(section) == index, "\(section)")
    }
  }

  /// Sections and items live in separate namespaces.
  static func separateNamespaces<S: SnapshotProtocol>(_ type: S.Type) throws
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    var snapshot = F.make(type, "x:[x]")
    try snapshot.appendSections(["y"])
    try snapshot.appendItems(["y"], toSection: "x")
    F.expectLayout(snapshot, "x:[x,y] y:[]")
    #expect(snapshot.indexOfSection("y") == 1)
    #expect(snapshot.indexOfItem("y") == 1)
  }

  /// `==` compares sections and items in order and ignores marks.
  static func equality<S: SnapshotProtocol>(_ type: S.Type) throws
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    let base = F.make(type, "A:[a,b] B:[c]")
    var marked = base
    try marked.reloadItems(["a"])
    try marked.reconfigureItems(["b"])
    try marked.reloadSections(["B"])
    #expect(marked == base)
    #expect(F.make(type, "A:[b,a] B:[c]") != base)
    #expect(F.make(type, "B:[c] A:[a,b]") != base)
    #expect(F.make(type, "A:[a] B:[b,c]") != base)
    #expect(F.make(type, "A:[a,b] B:[c] C:[]") != base)
    #expect(F.make(type, "A:[a,b] C:[c]") != base)
  }

  // MARK: appendItems

  /// The worked examples of A.3: an existing item is moved, not refused.
  static func appendItems<S: SnapshotProtocol>(_ type: S.Type) throws
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    let table: [(start: String, items: [String], section: String?, result: String)] = [
      ("A:[a,b] B:[c]", ["a"], "B", "A:[b] B:[c,a]"),
      ("A:[a,b]", ["a"], "A", "A:[b,a]"),
      ("A:[a,b] B:[c]", ["d", "e"], "A", "A:[a,b,d,e] B:[c]"),
      ("A:[a,b] B:[c]", ["d"], nil, "A:[a,b] B:[c,d]"),
      ("A:[a,b] B:[]", ["d"], nil, "A:[a,b] B:[d]"),
      ("A:[a,b] B:[c]", ["c", "x", "a"], "A", "A:[b,c,x,a] B:[]"),
      ("A:[a,b] B:[c]", ["b", "a"], "A", "A:[b,a] B:[c]"),
      ("A:[a,b] B:[c]", [], "B", "A:[a,b] B:[c]"),
      ("A:[a,b] B:[c]", [], nil, "A:[a,b] B:[c]"),
      ("A:[]", [], nil, "A:[]"),
    ]
    for row in table {
      var snapshot = F.make(type, row.start)
      try snapshot.appendItems(row.items, toSection: row.section)
      F.expectLayout(snapshot, row.result)
    }
    var snapshot = F.make(type, "A:[] B:[]")
    try snapshot.appendItems(["a", "b"])
    F.expectLayout(snapshot, "A:[] B:[a,b]")
  }

  // MARK: insertItems

  static func insertItemsBefore<S: SnapshotProtocol>(_ type: S.Type) throws
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    let table: [(start: String, items: [String], before: String, result: String)] = [
      ("A:[a,b] B:[c]", ["x", "y"], "a", "A:[x,y,a,b] B:[c]"),
      ("A:[a,b] B:[c]", ["x"], "b", "A:[a,x,b] B:[c]"),
      ("A:[a,b] B:[c]", ["x"], "c", "A:[a,b] B:[x,c]"),
      ("A:[a,b] B:[c]", ["a"], "c", "A:[b] B:[a,c]"),
      ("A:[a,b,c,d]", ["a", "b"], "d", "A:[c,a,b,d]"),
      ("A:[a,b,c,d]", ["d", "a"], "b", "A:[d,a,b,c]"),
      ("A:[a,b] B:[c,d]", ["d", "x", "a"], "c", "A:[b] B:[d,x,a,c]"),
      ("A:[a,b] B:[c]", [], "c", "A:[a,b] B:[c]"),
    ]
    for row in table {
      var snapshot = F.make(type, row.start)
      try snapshot.insertItems(row.items, beforeItem: row.before)
      F.expectLayout(snapshot, row.result)
    }
  }

  static func insertItemsAfter<S: SnapshotProtocol>(_ type: S.Type) throws
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    let table: [(start: String, items: [String], after: String, result: String)] = [
      ("A:[a,b] B:[c]", ["x", "y"], "a", "A:[a,x,y,b] B:[c]"),
      ("A:[a,b] B:[c]", ["x"], "b", "A:[a,b,x] B:[c]"),
      ("A:[a,b] B:[c]", ["x"], "c", "A:[a,b] B:[c,x]"),
      ("A:[a,b] B:[c]", ["c"], "a", "A:[a,c,b] B:[]"),
      ("A:[a,b,c]", ["a"], "c", "A:[b,c,a]"),
      ("A:[a,b,c,d]", ["b", "a"], "c", "A:[c,b,a,d]"),
      ("A:[a,b,c,d]", ["c", "d"], "a", "A:[a,c,d,b]"),
      ("A:[a,b] B:[c]", [], "a", "A:[a,b] B:[c]"),
    ]
    for row in table {
      var snapshot = F.make(type, row.start)
      try snapshot.insertItems(row.items, afterItem: row.after)
      F.expectLayout(snapshot, row.result)
    }
  }

  // MARK: deleteItems, deleteAllItems

  static func deleteItems<S: SnapshotProtocol>(_ type: S.Type) throws
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    let table: [(start: String, items: [String], result: String)] = [
      ("A:[a,b] B:[c]", ["a"], "A:[b] B:[c]"),
      ("A:[a,b] B:[c]", ["c"], "A:[a,b] B:[]"),
      ("A:[a,b] B:[c]", ["c", "a", "b"], "A:[] B:[]"),
      ("A:[a,b] B:[c]", ["z"], "A:[a,b] B:[c]"),
      ("A:[a,b] B:[c]", ["z", "b", "y"], "A:[a] B:[c]"),
      ("A:[a,b] B:[c]", [], "A:[a,b] B:[c]"),
      ("", ["a"], ""),
    ]
    for row in table {
      var snapshot = F.make(type, row.start)
      try snapshot.deleteItems(row.items)
      F.expectLayout(snapshot, row.result)
    }
  }

  /// Marks of deleted items are dropped (spec decision A.5).
  static func deleteItemsDropsMarks<S: SnapshotProtocol>(_ type: S.Type) throws
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    var snapshot = F.marked(type)
    try snapshot.deleteItems(["a", "e"])
    F.expectLayout(snapshot, "A:[b,c] B:[d] C:[]")
    #expect(snapshot.reloadedItems == ["d"])
    #expect(snapshot.reconfiguredItems == [])
    #expect(snapshot.reloadedSections == ["B"])
    try snapshot.appendItems(["a"], toSection: "A")
    #expect(snapshot.reloadedItems == ["d"])
  }

  /// `deleteAllItems()` removes the sections too, and the marks.
  static func deleteAllItems<S: SnapshotProtocol>(_ type: S.Type)
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    var snapshot = F.marked(type)
    snapshot.deleteAllItems()
    F.expectLayout(snapshot, "")
    #expect(snapshot.numberOfSections == 0)
    #expect(snapshot.numberOfItems == 0)
    #expect(F.state(snapshot) == F.state(S()))
    #expect(snapshot == S())
    var empty = S()
    empty.deleteAllItems()
    #expect(empty == S())
  }

  // MARK: moveItem

  static func moveItemBefore<S: SnapshotProtocol>(_ type: S.Type) throws
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    let table: [(start: String, item: String, before: String, result: String)] = [
      ("A:[a,b,c]", "c", "a", "A:[c,a,b]"),
      ("A:[a,b,c]", "a", "c", "A:[b,a,c]"),
      ("A:[a,b,c]", "a", "b", "A:[a,b,c]"),
      ("A:[a,b,c]", "b", "a", "A:[b,a,c]"),
      ("A:[a,b] B:[c]", "a", "c", "A:[b] B:[a,c]"),
      ("A:[a,b] B:[c]", "c", "b", "A:[a,c,b] B:[]"),
    ]
    for row in table {
      var snapshot = F.make(type, row.start)
      try snapshot.moveItem(row.item, beforeItem: row.before)
      F.expectLayout(snapshot, row.result)
    }
  }

  static func moveItemAfter<S: SnapshotProtocol>(_ type: S.Type) throws
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    let table: [(start: String, item: String, after: String, result: String)] = [
      ("A:[a,b,c]", "a", "c", "A:[b,c,a]"),
      ("A:[a,b,c]", "c", "a", "A:[a,c,b]"),
      ("A:[a,b,c]", "b", "a", "A:[a,b,c]"),
      ("A:[a,b,c]", "a", "b", "A:[b,a,c]"),
      ("A:[a,b] B:[c]", "a", "c", "A:[b] B:[c,a]"),
      ("A:[a,b] B:[c]", "c", "a", "A:[a,c,b] B:[]"),
    ]
    for row in table {
      var snapshot = F.make(type, row.start)
      try snapshot.moveItem(row.item, afterItem: row.after)
      F.expectLayout(snapshot, row.result)
    }
  }

  /// Moving an item, by `moveItem` or by re-adding it, keeps its marks: it is
  /// not deleted.
  static func movesKeepMarks<S: SnapshotProtocol>(_ type: S.Type) throws
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    var snapshot = F.marked(type)
    try snapshot.moveItem("a", afterItem: "e")
    try snapshot.appendItems(["e", "d"], toSection: "C")
    F.expectLayout(snapshot, "A:[b,c] B:[a] C:[e,d]")
    #expect(snapshot.reloadedItems == ["a", "d"])
    #expect(snapshot.reconfiguredItems == ["e"])
    #expect(snapshot.reloadedSections == ["B"])
  }

  // MARK: Marks

  /// Marks are ordered sets in first-mark order; marking moves nothing.
  static func reloadItems<S: SnapshotProtocol>(_ type: S.Type) throws
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    var snapshot = F.make(type, "A:[a,b] B:[c]")
    try snapshot.reloadItems(["c", "a"])
    try snapshot.reloadItems(["b", "c"])
    try snapshot.reloadItems([])
    F.expectLayout(snapshot, "A:[a,b] B:[c]")
    #expect(snapshot.reloadedItems == ["c", "a", "b"])
    #expect(snapshot.reconfiguredItems == [])
    #expect(snapshot.reloadedSections == [])
  }

  static func reconfigureItems<S: SnapshotProtocol>(_ type: S.Type) throws
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    var snapshot = F.make(type, "A:[a,b] B:[c]")
    try snapshot.reconfigureItems(["b"])
    try snapshot.reconfigureItems(["a", "b"])
    try snapshot.reloadItems(["a"])
    F.expectLayout(snapshot, "A:[a,b] B:[c]")
    #expect(snapshot.reconfiguredItems == ["b", "a"])
    #expect(snapshot.reloadedItems == ["a"])
    #expect(snapshot.reloadedSections == [])
  }

  static func reloadSections<S: SnapshotProtocol>(_ type: S.Type) throws
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    var snapshot = F.make(type, "A:[a] B:[] C:[c]")
    try snapshot.reloadSections(["C"])
    try snapshot.reloadSections(["A", "C", "B"])
    F.expectLayout(snapshot, "A:[a] B:[] C:[c]")
    #expect(snapshot.reloadedSections == ["C", "A", "B"])
    #expect(snapshot.reloadedItems == [])
    #expect(snapshot.reconfiguredItems == [])
  }

  static func removeAllMarks<S: SnapshotProtocol>(_ type: S.Type)
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    var snapshot = F.marked(type)
    let before = snapshot
    snapshot.removeAllMarks()
    #expect(snapshot == before)
    #expect(F.state(snapshot) == F.state(F.make(type, "A:[a,b,c] B:[d,e] C:[]")))
  }

  // MARK: Section mutations (A.4)

  static func appendSections<S: SnapshotProtocol>(_ type: S.Type) throws
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    let table: [(start: String, sections: [String], result: String)] = [
      ("", ["A"], "A:[]"),
      ("", ["B", "A"], "B:[] A:[]"),
      ("A:[a]", ["C", "B"], "A:[a] C:[] B:[]"),
      ("A:[a]", [], "A:[a]"),
      ("", [], ""),
    ]
    for row in table {
      var snapshot = F.make(type, row.start)
      try snapshot.appendSections(row.sections)
      F.expectLayout(snapshot, row.result)
    }
  }

  static func insertSectionsBefore<S: SnapshotProtocol>(_ type: S.Type) throws
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    let table: [(start: String, sections: [String], before: String, result: String)] = [
      ("A:[a] B:[b]", ["X", "Y"], "A", "X:[] Y:[] A:[a] B:[b]"),
      ("A:[a] B:[b]", ["X"], "B", "A:[a] X:[] B:[b]"),
      ("A:[a] B:[b]", [], "B", "A:[a] B:[b]"),
    ]
    for row in table {
      var snapshot = F.make(type, row.start)
      try snapshot.insertSections(row.sections, beforeSection: row.before)
      F.expectLayout(snapshot, row.result)
    }
  }

  static func insertSectionsAfter<S: SnapshotProtocol>(_ type: S.Type) throws
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    let table: [(start: String, sections: [String], after: String, result: String)] = [
      ("A:[a] B:[b]", ["X", "Y"], "A", "A:[a] X:[] Y:[] B:[b]"),
      ("A:[a] B:[b]", ["X"], "B", "A:[a] B:[b] X:[]"),
      ("A:[a] B:[b]", [], "A", "A:[a] B:[b]"),
    ]
    for row in table {
      var snapshot = F.make(type, row.start)
      try snapshot.insertSections(row.sections, afterSection: row.after)
      F.expectLayout(snapshot, row.result)
    }
  }

  static func deleteSections<S: SnapshotProtocol>(_ type: S.Type) throws
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    let table: [(start: String, sections: [String], result: String)] = [
      ("A:[a,b] B:[c] C:[]", ["A"], "B:[c] C:[]"),
      ("A:[a,b] B:[c] C:[]", ["C", "A"], "B:[c]"),
      ("A:[a,b] B:[c] C:[]", ["X"], "A:[a,b] B:[c] C:[]"),
      ("A:[a,b] B:[c] C:[]", ["X", "B"], "A:[a,b] C:[]"),
      ("A:[a,b] B:[c] C:[]", [], "A:[a,b] B:[c] C:[]"),
      ("A:[a,b] B:[c] C:[]", ["A", "B", "C"], ""),
    ]
    for row in table {
      var snapshot = F.make(type, row.start)
      try snapshot.deleteSections(row.sections)
      F.expectLayout(snapshot, row.result)
      #expect(snapshot.numberOfItems == snapshot.itemIdentifiers.count)
    }
    var snapshot = F.make(type, "A:[a,b] B:[c]")
    try snapshot.deleteSections(["A"])
    #expect(snapshot.indexOfItem("a") == nil)
    #expect(snapshot.sectionIdentifier(containingItem: "b") == nil)
    #expect(snapshot.indexOfItem("c") == 0)
  }

  /// Marks of deleted sections, and of the items in them, are dropped.
  static func deleteSectionsDropsMarks<S: SnapshotProtocol>(_ type: S.Type) throws
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    var snapshot = F.marked(type)
    try snapshot.deleteSections(["B"])
    F.expectLayout(snapshot, "A:[a,b,c] C:[]")
    #expect(snapshot.reloadedItems == ["a"])
    #expect(snapshot.reconfiguredItems == [])
    #expect(snapshot.reloadedSections == [])
    try snapshot.appendSections(["B"])
    #expect(snapshot.reloadedSections == [])
  }

  static func moveSectionBefore<S: SnapshotProtocol>(_ type: S.Type) throws
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    let table: [(start: String, section: String, before: String, result: String)] = [
      ("A:[a] B:[b] C:[c]", "C", "A", "C:[c] A:[a] B:[b]"),
      ("A:[a] B:[b] C:[c]", "A", "C", "B:[b] A:[a] C:[c]"),
      ("A:[a] B:[b] C:[c]", "A", "B", "A:[a] B:[b] C:[c]"),
      ("A:[a] B:[b] C:[c]", "B", "A", "B:[b] A:[a] C:[c]"),
    ]
    for row in table {
      var snapshot = F.make(type, row.start)
      try snapshot.moveSection(row.section, beforeSection: row.before)
      F.expectLayout(snapshot, row.result)
    }
  }

  static func moveSectionAfter<S: SnapshotProtocol>(_ type: S.Type) throws
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    let table: [(start: String, section: String, after: String, result: String)] = [
      ("A:[a] B:[b] C:[c]", "A", "C", "B:[b] C:[c] A:[a]"),
      ("A:[a] B:[b] C:[c]", "A", "B", "B:[b] A:[a] C:[c]"),
      ("A:[a] B:[b] C:[c]", "B", "A", "A:[a] B:[b] C:[c]"),
      ("A:[a] B:[b] C:[c]", "C", "A", "A:[a] C:[c] B:[b]"),
    ]
    for row in table {
      var snapshot = F.make(type, row.start)
      try snapshot.moveSection(row.section, afterSection: row.after)
      F.expectLayout(snapshot, row.result)
    }
  }

  /// A mutated copy never changes the original.
  static func valueSemantics<S: SnapshotProtocol>(_ type: S.Type) throws
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    let original = F.marked(type)
    let state = F.state(original)
    var copy = original
    try copy.appendItems(["z"], toSection: "C")
    try copy.reloadItems(["b"])
    try copy.moveSection("A", afterSection: "C")
    copy.removeAllMarks()
    #expect(F.state(original) == state)
    copy.deleteAllItems()
    #expect(F.state(original) == state)
  }
}
