import Generators
import SnapshotCore

extension FullCommand {
  /// Whether a snapshot with `capabilities` has this call.
  func isSupported(by capabilities: SnapshotCapabilities) -> Bool {
    if case .reconfigureItems = self { return capabilities.contains(.reconfigure) }
    return true
  }
}

extension SectionCommand {
  /// Whether a section snapshot with `capabilities` has this call.
  func isSupported(by capabilities: SectionSnapshotCapabilities) -> Bool {
    switch self {
    case .insertSnapshot: return capabilities.contains(.insertSnapshot)
    case .replace: return capabilities.contains(.replaceChildren)
    case .deleteAll: return capabilities.contains(.deleteAll)
    default: return true
    }
  }
}

extension FullScript {
  /// The script without the calls a snapshot with `capabilities` lacks.
  func keeping(_ capabilities: SnapshotCapabilities) -> FullScript {
    FullScript(initial: initial, commands: commands.filter { $0.isSupported(by: capabilities) })
  }
}

extension SectionScript {
  /// The script without the calls a section snapshot with `capabilities`
  /// lacks.
  func keeping(_ capabilities: SectionSnapshotCapabilities) -> SectionScript {
    SectionScript(initial: initial, commands: commands.filter { $0.isSupported(by: capabilities) })
  }
}

extension DiffCase {
  /// The case without the calls a snapshot with `capabilities` lacks.
  func keeping(_ capabilities: SnapshotCapabilities) -> DiffCase {
    DiffCase(
      script: script.keeping(capabilities), changed: changed,
      style: capabilities.contains(.reconfigure) ? style : .reload,
      further: further.filter { $0.isSupported(by: capabilities) })
  }
}

/// How many checks a case skips because the implementation lacks a
/// capability: per step, each query it does not have (marks, `==`,
/// `expandedItems`, `index(of:)`, `visualDescription()`). Calls it lacks are
/// never generated (`Gen.supported(by:)`), so they cost no check.
enum CapabilitySkips {
  /// Checks skipped per step of a full-snapshot script.
  static func perStep(_ capabilities: SnapshotCapabilities) -> Int {
    (capabilities.contains(.readableMarks) ? 0 : 3) + (capabilities.contains(.equality) ? 0 : 1)
  }

  /// Checks skipped per step of a section-snapshot script.
  static func perStep(_ capabilities: SectionSnapshotCapabilities) -> Int {
    [SectionSnapshotCapabilities.expandedItems, .indexOf, .visualDescription, .equality]
      .count { !capabilities.contains($0) }
  }
}

extension Gen where Value == FullScript {
  /// Scripts without the calls a snapshot with `capabilities` lacks (the
  /// generator itself when it has them all).
  func supported(by capabilities: SnapshotCapabilities) -> Gen<FullScript> {
    capabilities.contains(.reconfigure) ? self : map { $0.keeping(capabilities) }
  }
}

extension Gen where Value == SectionScript {
  /// Scripts without the calls a section snapshot with `capabilities`
  /// lacks (the generator itself when it has them all).
  func supported(by capabilities: SectionSnapshotCapabilities) -> Gen<SectionScript> {
    let calls: SectionSnapshotCapabilities = [.insertSnapshot, .replaceChildren, .deleteAll]
    return capabilities.isSuperset(of: calls) ? self : map { $0.keeping(capabilities) }
  }
}

extension Gen where Value == DataSourceScript {
  /// Sessions without what the data source's types lack: no
  /// `reconfigureItems` marks in an apply's snapshot without
  /// `.reconfigure`, no lazy-children handler for a section snapshot
  /// without `.replaceChildren` (which loading children needs), no drag
  /// after an `apply(_:to:)` for a section snapshot without
  /// `.insertSnapshot` (a drag into an outline needs it).
  func supported(by capabilities: SnapshotCapabilities, sections: SectionSnapshotCapabilities)
    -> Gen<DataSourceScript>
  {
    let marks = capabilities.contains(.reconfigure)
    let lazy = sections.contains(.replaceChildren)
    let drags = sections.contains(.insertSnapshot)
    guard !marks || !lazy || !drags else { return self }
    return map { script in
      var kept = script
      if !drags, let first = script.commands.firstIndex(where: { $0.isApplyTo }) {
        // A drag into an outline section inserts a section snapshot; which
        // sections are outlines depends on the state, so no drag follows
        // the first `apply(_:to:)`.
        kept.commands = script.commands.enumerated().filter { index, command in
          index < first || !command.isUserReorder
        }.map(\.element)
      }
      if !marks {
        kept.contentUpdateStyle = .reload
        kept.commands = script.commands.map { command in
          guard case .apply(let layout, let changed, let marks) = command else { return command }
          return .apply(
            layout, changed: changed, marks: marks.filter { $0.isSupported(by: capabilities) })
        }
      }
      if !lazy, !kept.absentHandlers.contains(.snapshotForExpandingParent) {
        kept.absentHandlers.append(.snapshotForExpandingParent)
        kept.replacesChildren = false
      }
      return kept
    }
  }
}

extension Gen where Value == DiffCase {
  /// Cases without the calls a snapshot with `capabilities` lacks (the
  /// generator itself when it has them all).
  func supported(by capabilities: SnapshotCapabilities) -> Gen<DiffCase> {
    capabilities.contains(.reconfigure) ? self : map { $0.keeping(capabilities) }
  }
}

extension CoverageRequirement {
  /// The coverage labels only calls a snapshot with `capabilities` lacks
  /// produce (unreachable for it, so not required of it).
  static func unreachable(_ capabilities: SnapshotCapabilities) -> Set<String> {
    capabilities.contains(.reconfigure) ? [] : ["reconfigure mark", "reconfigureItems(_:)"]
  }

  /// The same for a section snapshot.
  static func unreachable(_ capabilities: SectionSnapshotCapabilities) -> Set<String> {
    var labels: Set<String> = []
    if !capabilities.contains(.insertSnapshot) {
      labels.formUnion(["insert(snapshot:after:)", "insert(snapshot:before:)"])
    }
    if !capabilities.contains(.replaceChildren) { labels.insert("replace(childrenOf:using:)") }
    if !capabilities.contains(.deleteAll) { labels.insert("deleteAll()") }
    if !capabilities.contains(.insertSnapshot) { labels.insert("insert snapshot with flags") }
    if !capabilities.contains(.replaceChildren) { labels.insert("replace children with flags") }
    return labels
  }
}

extension Array where Element == CoverageRequirement {
  /// The requirements without those whose label is in `unreachable`.
  func reachable(_ unreachable: Set<String>) -> [CoverageRequirement] {
    unreachable.isEmpty ? self : filter { !unreachable.contains($0.label) }
  }
}

extension DataSourceCommand {
  /// Whether the command is an `apply(_:to:)`.
  var isApplyTo: Bool {
    if case .applyTo = self { return true }
    return false
  }

  /// Whether the command is a user's drag.
  var isUserReorder: Bool {
    if case .userReorder = self { return true }
    return false
  }
}
