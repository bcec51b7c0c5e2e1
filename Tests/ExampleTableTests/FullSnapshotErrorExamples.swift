import SnapshotCore
import Testing

/// One example per violation-catalogue case of the full snapshot (semantics
/// §7), plus the check orders of A.3 and A.4. Every example asserts the exact
/// error and that the snapshot, marks included, is unchanged.
enum FullSnapshotErrorExamples {
  private typealias F = FullSnapshotSupport

  static func noSections<S: SnapshotProtocol>(_ type: S.Type)
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    let empty = S()
    F.expectError(.noSections, on: empty) { try $0.appendItems([]) }
    F.expectError(.noSections, on: empty) { try $0.appendItems(["a"]) }
    F.expectError(.noSections, on: empty) { try $0.appendItems(["a"], toSection: "A") }
    // Checked before the duplicate check.
    F.expectError(.noSections, on: empty) { try $0.appendItems(["a", "a"], toSection: "A") }
    var emptied = F.marked(type)
    emptied.deleteAllItems()
    F.expectError(.noSections, on: emptied) { try $0.appendItems(["a"]) }
  }

  static func duplicateItemInArgument<S: SnapshotProtocol>(_ type: S.Type)
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    let snapshot = F.marked(type)
    let error = SnapshotError.duplicateInArgument(.item, ["x"])
    F.expectError(error, on: snapshot) { try $0.appendItems(["x", "x"], toSection: "A") }
    F.expectError(error, on: snapshot) { try $0.insertItems(["x", "y", "x"], beforeItem: "a") }
    F.expectError(error, on: snapshot) { try $0.insertItems(["x", "x", "x"], afterItem: "a") }
    F.expectError(error, on: snapshot) { try $0.deleteItems(["x", "x"]) }
    // Repeats are listed once each, in the order their repeat is found.
    let two = SnapshotError.duplicateInArgument(.item, ["b", "a"])
    F.expectError(two, on: snapshot) { try $0.deleteItems(["a", "b", "c", "b", "a", "b"]) }
    F.expectError(two, on: snapshot) { try $0.appendItems(["a", "b", "b", "a"]) }
    F.expectError(two, on: snapshot) { try $0.reloadItems(["a", "b", "b", "a"]) }
    F.expectError(two, on: snapshot) { try $0.reconfigureItems(["a", "b", "b", "a"]) }
  }

  static func duplicateSectionInArgument<S: SnapshotProtocol>(_ type: S.Type)
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    let snapshot = F.marked(type)
    let error = SnapshotError.duplicateInArgument(.section, ["X"])
    F.expectError(error, on: snapshot) { try $0.appendSections(["X", "X"]) }
    F.expectError(error, on: snapshot) { try $0.insertSections(["X", "X"], beforeSection: "A") }
    F.expectError(error, on: snapshot) { try $0.insertSections(["X", "X"], afterSection: "A") }
    F.expectError(error, on: snapshot) { try $0.deleteSections(["X", "X"]) }
    F.expectError(error, on: snapshot) { try $0.reloadSections(["X", "X"]) }
    let two = SnapshotError.duplicateInArgument(.section, ["B", "A"])
    F.expectError(two, on: snapshot) { try $0.deleteSections(["A", "B", "B", "A"]) }
    F.expectError(two, on: snapshot) { try $0.reloadSections(["A", "B", "B", "A"]) }
    // Checked before the already-exists check.
    F.expectError(two, on: snapshot) { try $0.appendSections(["A", "B", "B", "A"]) }
  }

  static func sectionAlreadyExists<S: SnapshotProtocol>(_ type: S.Type)
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    let snapshot = F.marked(type)
    F.expectError(.sectionAlreadyExists(["A"]), on: snapshot) { try $0.appendSections(["A"]) }
    // The existing ids, in argument order.
    F.expectError(.sectionAlreadyExists(["C", "A"]), on: snapshot) {
      try $0.appendSections(["X", "C", "Y", "A"])
    }
    F.expectError(.sectionAlreadyExists(["C", "A"]), on: snapshot) {
      try $0.insertSections(["C", "X", "A"], beforeSection: "B")
    }
    F.expectError(.sectionAlreadyExists(["B"]), on: snapshot) {
      try $0.insertSections(["X", "B"], afterSection: "A")
    }
  }

  static func sectionNotFound<S: SnapshotProtocol>(_ type: S.Type)
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    let snapshot = F.marked(type)
    F.expectError(.sectionNotFound("X"), on: snapshot) {
      try $0.appendItems(["x"], toSection: "X")
    }
    F.expectError(.sectionNotFound("X"), on: snapshot) {
      try $0.appendItems([], toSection: "X")
    }
    // Item ids are not section ids.
    F.expectError(.sectionNotFound("a"), on: snapshot) {
      try $0.appendItems(["x"], toSection: "a")
    }
    F.expectError(.sectionNotFound("X"), on: snapshot) {
      _ = try $0.numberOfItems(inSection: "X")
    }
    // iOS 14 and later raise where iOS 13 returned [].
    F.expectError(.sectionNotFound("X"), on: snapshot) {
      _ = try $0.itemIdentifiers(inSection: "X")
    }
  }

  static func destinationNotFound<S: SnapshotProtocol>(_ type: S.Type)
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    let snapshot = F.marked(type)
    let item = SnapshotError.destinationNotFound(.item, "z")
    F.expectError(item, on: snapshot) { try $0.insertItems(["x"], beforeItem: "z") }
    F.expectError(item, on: snapshot) { try $0.insertItems(["a"], afterItem: "z") }
    // Raised even when nothing is inserted.
    F.expectError(item, on: snapshot) { try $0.insertItems([], beforeItem: "z") }
    F.expectError(item, on: snapshot) { try $0.insertItems([], afterItem: "z") }
    F.expectError(item, on: snapshot) { try $0.moveItem("a", beforeItem: "z") }
    F.expectError(item, on: snapshot) { try $0.moveItem("a", afterItem: "z") }
    let section = SnapshotError.destinationNotFound(.section, "Z")
    F.expectError(section, on: snapshot) { try $0.insertSections(["X"], beforeSection: "Z") }
    F.expectError(section, on: snapshot) { try $0.insertSections([], afterSection: "Z") }
    F.expectError(section, on: snapshot) { try $0.moveSection("A", beforeSection: "Z") }
    F.expectError(section, on: snapshot) { try $0.moveSection("A", afterSection: "Z") }
  }

  static func sourceNotFound<S: SnapshotProtocol>(_ type: S.Type)
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    let snapshot = F.marked(type)
    F.expectError(.sourceNotFound(.item, "x"), on: snapshot) {
      try $0.moveItem("x", beforeItem: "a")
    }
    // The source is checked before the destination.
    F.expectError(.sourceNotFound(.item, "x"), on: snapshot) {
      try $0.moveItem("x", afterItem: "z")
    }
    F.expectError(.sourceNotFound(.section, "X"), on: snapshot) {
      try $0.moveSection("X", beforeSection: "A")
    }
    F.expectError(.sourceNotFound(.section, "X"), on: snapshot) {
      try $0.moveSection("X", afterSection: "Z")
    }
  }

  static func destinationInArgument<S: SnapshotProtocol>(_ type: S.Type)
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    let snapshot = F.marked(type)
    F.expectError(.destinationInArgument(.item, "a"), on: snapshot) {
      try $0.insertItems(["x", "a"], beforeItem: "a")
    }
    // Checked before the destination's presence.
    F.expectError(.destinationInArgument(.item, "z"), on: snapshot) {
      try $0.insertItems(["z"], afterItem: "z")
    }
    F.expectError(.destinationInArgument(.section, "A"), on: snapshot) {
      try $0.insertSections(["A"], beforeSection: "A")
    }
    F.expectError(.destinationInArgument(.section, "Z"), on: snapshot) {
      try $0.insertSections(["X", "Z"], afterSection: "Z")
    }
  }

  static func moveOntoSelf<S: SnapshotProtocol>(_ type: S.Type)
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    let snapshot = F.marked(type)
    F.expectError(.moveOntoSelf(.item, "b"), on: snapshot) { try $0.moveItem("b", beforeItem: "b") }
    F.expectError(.moveOntoSelf(.item, "b"), on: snapshot) { try $0.moveItem("b", afterItem: "b") }
    // Checked first, even for a missing id.
    F.expectError(.moveOntoSelf(.item, "z"), on: snapshot) { try $0.moveItem("z", afterItem: "z") }
    F.expectError(.moveOntoSelf(.section, "B"), on: snapshot) {
      try $0.moveSection("B", beforeSection: "B")
    }
    F.expectError(.moveOntoSelf(.section, "Z"), on: snapshot) {
      try $0.moveSection("Z", afterSection: "Z")
    }
  }

  /// The first missing id in argument order; the existing marks stay and no
  /// new mark is set.
  static func reloadMissing<S: SnapshotProtocol>(_ type: S.Type)
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    let snapshot = F.marked(type)
    F.expectError(.reloadMissing(.reloadItem, "y"), on: snapshot) {
      try $0.reloadItems(["b", "y", "c", "z"])
    }
    F.expectError(.reloadMissing(.reconfigureItem, "z"), on: snapshot) {
      try $0.reconfigureItems(["z", "b", "y"])
    }
    F.expectError(.reloadMissing(.reloadSection, "Y"), on: snapshot) {
      try $0.reloadSections(["C", "Y", "Z"])
    }
    // Section ids are not item ids.
    F.expectError(.reloadMissing(.reloadItem, "A"), on: snapshot) { try $0.reloadItems(["A"]) }
    F.expectError(.reloadMissing(.reloadSection, "a"), on: snapshot) {
      try $0.reloadSections(["a"])
    }
  }

  /// When several checks fail, the first in the order of A.3 decides.
  static func itemCheckOrder<S: SnapshotProtocol>(_ type: S.Type)
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    let snapshot = F.marked(type)
    F.expectError(.duplicateInArgument(.item, ["x"]), on: snapshot) {
      try $0.appendItems(["x", "x"], toSection: "Z")
    }
    F.expectError(.duplicateInArgument(.item, ["z"]), on: snapshot) {
      try $0.insertItems(["z", "z"], beforeItem: "z")
    }
    F.expectError(.duplicateInArgument(.item, ["x"]), on: snapshot) {
      try $0.insertItems(["x", "x"], afterItem: "q")
    }
    F.expectError(.duplicateInArgument(.item, ["z"]), on: snapshot) {
      try $0.reloadItems(["z", "z"])
    }
    F.expectError(.duplicateInArgument(.item, ["z"]), on: snapshot) {
      try $0.reconfigureItems(["z", "z"])
    }
    F.expectError(.sourceNotFound(.item, "x"), on: snapshot) {
      try $0.moveItem("x", beforeItem: "y")
    }
  }

  /// When several checks fail, the first in the order of A.4 decides.
  static func sectionCheckOrder<S: SnapshotProtocol>(_ type: S.Type)
  where S.SectionIdentifier == String, S.ItemIdentifier == String {
    let snapshot = F.marked(type)
    F.expectError(.duplicateInArgument(.section, ["A"]), on: snapshot) {
      try $0.insertSections(["A", "A", "Z"], beforeSection: "Z")
    }
    F.expectError(.destinationInArgument(.section, "Z"), on: snapshot) {
      try $0.insertSections(["A", "Z"], beforeSection: "Z")
    }
    F.expectError(.destinationNotFound(.section, "Z"), on: snapshot) {
      try $0.insertSections(["A"], afterSection: "Z")
    }
    F.expectError(.duplicateInArgument(.section, ["Z"]), on: snapshot) {
      try $0.reloadSections(["Z", "Z"])
    }
    F.expectError(.sourceNotFound(.section, "X"), on: snapshot) {
      try $0.moveSection("X", beforeSection: "Y")
    }
  }
}
