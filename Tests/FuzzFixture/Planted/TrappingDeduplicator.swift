/// A deliberately broken implementation: removes adjacent duplicates but
/// traps on a pair of values of at least 40.
enum TrappingDeduplicator {
  static func run(_ list: [Int]) -> [Int] {
    var result: [Int] = []
    for value in list {
      if let last = result.last, last == value {
        precondition(value < 40, "planted trap: duplicate \(value)")
        continue
      }
      result.append(value)
    }
    return result
  }

  static func reference(_ list: [Int]) -> [Int] {
    var result: [Int] = []
    for value in list where result.last != value { result.append(value) }
    return result
  }
}
