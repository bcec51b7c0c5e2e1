/// A deliberately broken sum with two independent bugs: it is off by one
/// once the total exceeds 100, and traps (a failed precondition) on a
/// total of exactly 101.
enum TrappingSum {
  static func run(_ list: [Int]) -> Int {
    let total = list.reduce(0, +)
    precondition(total != 101, "planted trap: total 101")
    return total > 100 ? total + 1 : total
  }
}

/// Two deliberate traps over one list, in two calls: a value of 50 or
/// more, and otherwise a total above 100 (`planted.twoTraps`).
enum TwoTraps {
  static func run(_ list: [Int]) {
    checkValues(list)
    checkTotal(list)
  }

  /// Traps on a value of 50 or more.
  static func checkValues(_ list: [Int]) {
    precondition(list.allSatisfy { $0 < 50 }, "planted trap: a high value")
  }

  /// Traps on a total above 100.
  static func checkTotal(_ list: [Int]) {
    precondition(list.reduce(0, +) <= 100, "planted trap: a total over 100")
  }
}
