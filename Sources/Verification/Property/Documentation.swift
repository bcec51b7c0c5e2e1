/// Where the documentation states each rule a property checks: the
/// sections of the Verification catalog's "Catalog rules" article
/// (`Sources/Verification/Verification.docc/CatalogRules.md`), as a
/// failure names them. Each anchor is the one DocC makes from the
/// section's heading (its words joined by `-`, case kept).
enum Documentation {
  /// The article, relative to the package.
  static let article = "Sources/Verification/Verification.docc/CatalogRules.md"

  /// A section of the article.
  static func section(_ anchor: String) -> String { "\(article)#\(anchor)" }

  /// Full-snapshot calls, queries and errors (part A).
  static let fullSnapshot = section("Full-snapshots")
  /// Mark order (a contract).
  static let markOrder = section("Mark-order")
  /// Section-snapshot calls, queries and errors (part B).
  static let sectionSnapshot = section("Section-snapshots")
  /// The expansion rules (B.4).
  static let expansion = section("Expansion-state")
  /// The batch-update rules of a changeset.
  static let batchRules = section("Batch-rules")
  /// Identity: moves, never a delete and an insert of one id.
  static let identity = section("Identity")
  /// Which items a changeset reloads or reconfigures.
  static let refresh = section("Refreshes")
  /// Minimal moves (a contract).
  static let minimalMoves = section("Minimal-moves")
  /// One structural batch plus refreshes (a contract).
  static let batchShape = section("Batch-shape")
  /// Declared limits of a differ.
  static let differLimits = section("Differ-limits")
  /// What a composed differ's one-array differ must return.
  static let composedDiffer = section("Composed-differs")
  /// A differ's changeset depends on its inputs alone.
  static let stateless = section("A-stateless-differ")
  /// `diff(a, a)` is empty.
  static let emptyDiff = section("The-empty-diff")
  /// Value semantics.
  static let valueSemantics = section("Value-semantics")
  /// The data source's behaviour (B.5, C, D).
  static let dataSource = section("Data-sources")
  /// Calls Apple rejects, by declared reaction.
  static let misuse = section("Misuse")
}
