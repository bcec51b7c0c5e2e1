import Generators

extension ChoiceSource {
  /// An index of `weights` drawn with probability proportional to its
  /// weight in random mode, recorded as the index itself so that it shrinks
  /// toward kind 0; a plain bounded choice when replaying (a replayed index
  /// may name a zero-weight kind, which the drawers tolerate).
  func weightedPick(_ weights: [Int], total: Int) -> Int {
    let last = UInt64(max(0, weights.count - 1))
    guard isRandom, total > 0 else { return Int(draw(upTo: last)) }
    var ticket = Int(randomValue(upTo: UInt64(total - 1)))
    var chosen = 0
    for (index, weight) in weights.enumerated() {
      if ticket < weight {
        chosen = index
        break
      }
      ticket -= weight
    }
    return Int(drawForced(UInt64(chosen), upTo: last))
  }
}
