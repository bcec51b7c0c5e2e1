import Generators
import SnapshotCore

/// A full-snapshot catalog case: a start layout and a script of steps.
public struct FullCase: Hashable, Sendable, Codable {
  /// One section of the start layout.
  public struct Section: Hashable, Sendable, Codable {
    /// The section id.
    public var id: Int
    /// Its items, in order.
    public var items: [Int]

    /// Creates a section layout.
    public init(id: Int, items: [Int]) {
      self.id = id
      self.items = items
    }
  }

  /// The start layout.
  public var initial: [Section]
  /// The steps run after the layout is built.
  public var steps: [FullStep]

  /// Creates a case.
  public init(initial: [Section], steps: [FullStep]) {
    self.initial = initial
    self.steps = steps
  }

  /// The steps that build the start layout on an empty snapshot.
  public var setup: [FullStep] {
    guard !initial.isEmpty else { return [] }
    return [FullStep(.appendSections, initial.map(\.id))]
      + initial.filter { !$0.items.isEmpty }.map {
        FullStep(.appendItems, $0.items, target: $0.id)
      }
  }

  /// The setup and the script.
  public var allSteps: [FullStep] { setup + steps }

  /// A snapshot holding the start layout.
  public func start<S: SnapshotProtocol<Int, Int>>(as type: S.Type = S.self) -> S {
    var snapshot = S()
    for step in setup { try? step.apply(to: &snapshot) }
    return snapshot
  }

  /// A snapshot holding the start layout after every step (thrown errors
  /// leave it unchanged).
  public func end<S: SnapshotProtocol<Int, Int>>(as type: S.Type = S.self) -> S {
    var snapshot = S()
    for step in allSteps { try? step.apply(to: &snapshot) }
    return snapshot
  }
}
