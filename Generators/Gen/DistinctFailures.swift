/// The first failing case of each distinct kind in a run, at most `limit`
/// kinds: what a property keeps while its run goes on after a failure.
///
/// "First" is by case index, not by arrival, so cases checked in any order
/// (the fuzz command's parallel workers) keep the same cases. When more
/// than `limit` kinds fail, the kept ones are the most severe, then the
/// earliest found: `kept` depends only on the set of (kind, index) pairs
/// offered, never on their order.
public struct DistinctFailures<Case> {
  /// One kept failure.
  public struct Entry {
    /// The rule it broke.
    public var kind: FailureKind
    /// The lowest failing case index of its kind.
    public var caseIndex: Int
    /// The case.
    public var value: Case
  }

  /// The most kinds kept.
  public let limit: Int
  /// Every kind offered with its lowest index, kept or not (kinds are few).
  private var lowest: [FailureKind: Int] = [:]
  private var entries: [FailureKind: Entry] = [:]

  /// Creates an empty set that keeps at most `limit` kinds (at least 1).
  public init(limit: Int) {
    self.limit = Swift.max(1, limit)
  }

  /// Offers a failing case; returns whether it is kept now (the first of a
  /// new kind, or a lower index of a kept kind).
  @discardableResult
  public mutating func offer(_ kind: FailureKind, caseIndex: Int, value: Case) -> Bool {
    if let known = lowest[kind], known <= caseIndex { return false }
    lowest[kind] = caseIndex
    entries[kind] = Entry(kind: kind, caseIndex: caseIndex, value: value)
    let keep = Set(kept.map(\.kind))
    for kind in entries.keys where !keep.contains(kind) { entries[kind] = nil }
    return entries[kind] != nil
  }

  /// The kept failures, in report order: most severe first, then by case
  /// index.
  public var kept: [Entry] {
    let ranked = entries.values.sorted {
      ($0.kind.severity, $0.caseIndex, $0.kind.culprit.description) < (
        $1.kind.severity, $1.caseIndex, $1.kind.culprit.description
      )
    }
    return Array(ranked.prefix(limit))
  }

  /// Whether a later case could still change `kept`: false once `limit`
  /// kinds are kept and every one of them is a trap (nothing outranks a
  /// trap found earlier).
  public var canChange: Bool {
    entries.count < limit || entries.values.contains { $0.kind.severity != .trap }
  }

  /// Whether any failure was offered.
  public var isEmpty: Bool { entries.isEmpty }
}
