/// Where a section operation puts its sections: directly before or after a
/// section.
public enum SectionAnchor: Hashable, Sendable, CustomStringConvertible {
  /// Directly before the section.
  case beforeSection(Int)
  /// Directly after the section.
  case afterSection(Int)

  /// The anchor section.
  public var section: Int {
    switch self {
    case .beforeSection(let section), .afterSection(let section): return section
    }
  }

  /// `beforeSection` or `afterSection`: the Swift argument label.
  public var label: String {
    switch self {
    case .beforeSection: return "beforeSection"
    case .afterSection: return "afterSection"
    }
  }

  /// The Swift argument: `afterSection: 0`.
  public var description: String { "\(label): \(section)" }
}
