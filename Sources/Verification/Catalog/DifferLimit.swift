/// A documented limit of a differ: something UIKit would allow that the
/// differ does not do, by design. Declared on an `Implementation`
/// (`limits(_:)`), a limit turns the failures it explains into a
/// "limitation, seen in N of M cases" line of the console, every report and
/// the result; everything else is still judged, and a batch UIKit would
/// raise on is always a failure.
///
/// ```swift
/// // RxDataSources' Differentiator: no moves into inserted or out of
/// // deleted sections, no section reloads.
/// let staged = Implementation.differOnly(name: "staged") { StagedAdapter() }
///   .limits(.noMovesAcrossSectionChanges, .noSectionReloads)
/// ```
public enum DifferLimit: String, CaseIterable, Hashable, Sendable, Codable, Comparable,
  CustomStringConvertible
{
  /// Items never move: an item whose position changes is deleted and
  /// re-inserted (a differ without move inference, such as
  /// `difference(from:)` without `inferringMoves()`).
  case noItemMoves
  /// Items do not move between two sections present on both sides: they
  /// are deleted from one and inserted into the other (Differ's nested
  /// diff, any one-array differ run section by section).
  case noCrossSectionMoves
  /// Items do not move out of a deleted section or into an inserted one
  /// (DifferenceKit, RxDataSources' Differentiator).
  case noMovesAcrossSectionChanges
  /// Sections never move: a section whose position changes is deleted and
  /// re-inserted with its items.
  case noSectionMoves
  /// Reconfigures are done as reloads (iOS 14 and earlier; differs that
  /// know one kind of update).
  case noReconfigure
  /// Sections marked for reload are not reloaded, or only their items are
  /// (Differentiator).
  case noSectionReloads
  /// Items whose content changed or which are marked are not refreshed at
  /// all (differs that compare identity only).
  case noItemRefreshes
  /// An item to refresh is deleted and re-inserted instead of reloaded
  /// (IGListKit's batch updates, on purpose).
  case updatesAsDeleteInsert

  /// The limit as reports list it: `no item moves`, `no cross-section
  /// moves`, ….
  public var label: String {
    switch self {
    case .noItemMoves: return "no item moves"
    case .noCrossSectionMoves: return "no cross-section moves"
    case .noMovesAcrossSectionChanges:
      return "no moves out of deleted or into inserted sections"
    case .noSectionMoves: return "no section moves"
    case .noReconfigure: return "reconfigures as reloads"
    case .noSectionReloads: return "no section reloads"
    case .noItemRefreshes: return "no item refreshes"
    case .updatesAsDeleteInsert: return "updates as delete + insert"
    }
  }

  /// The label.
  public var description: String { label }

  /// Declaration order.
  public static func < (lhs: DifferLimit, rhs: DifferLimit) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
