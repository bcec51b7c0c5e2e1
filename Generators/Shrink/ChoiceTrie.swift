/// The cases the shrinker has run, as a trie of their consumed choice
/// sequences, each ending in its outcome.
///
/// Generation is a pure function of the choices and reads them in order,
/// with 0 past the end, so a candidate that starts with a consumed sequence
/// (or that does once padded with zeros) decodes to that same case and has
/// its outcome: running it again cannot help (Hypothesis's data tree,
/// reduced to what the shrinker needs).
struct ChoiceTrie {
  /// The most nodes the trie grows to (tens of MB); past it, new runs are
  /// not recorded and are simply run again when met again.
  static let maxNodes = 500_000

  private var children: [[UInt64: Int]] = [[:]]
  private var outcomes: [Bool?] = [nil]

  /// Records that a run consumed `choices` and failed (`true`) or passed.
  mutating func record(_ choices: [UInt64], failed: Bool) {
    guard children.count + choices.count <= ChoiceTrie.maxNodes else { return }
    var node = 0
    for choice in choices {
      if let next = children[node][choice] {
        node = next
      } else {
        children.append([:])
        outcomes.append(nil)
        children[node][choice] = children.count - 1
        node = children.count - 1
      }
    }
    outcomes[node] = failed
  }

  /// The outcome of running `candidate` (`true` = fails) when a recorded
  /// run predicts it, else `nil`.
  /// - Complexity: O(*n*) for a candidate of *n* choices, plus the length
  ///   of the longest recorded sequence when the candidate is shorter.
  func outcome(of candidate: [UInt64]) -> Bool? {
    var node = 0
    var index = 0
    while outcomes[node] == nil {
      let choice = index < candidate.count ? candidate[index] : 0
      guard let next = children[node][choice] else { return nil }
      node = next
      index += 1
    }
    return outcomes[node]
  }
}
